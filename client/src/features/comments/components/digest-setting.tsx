import { Switch } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { trpc } from '../../../lib/trpc.js';

/** The profile's switch for the hourly e-mail about new comments on one's tracks (on by default). */
export function CommentDigestSetting() {
  const { t } = useLingui();
  const utils = trpc.useUtils();
  const setting = trpc.feedback.commentDigestSetting.useQuery();
  const change = trpc.feedback.setCommentDigestSetting.useMutation({
    onSuccess: (answer) => utils.feedback.commentDigestSetting.setData(undefined, answer),
  });
  return (
    <Switch
      label={t`E-mail me about new comments on my tracks`}
      description={t`At most one e-mail per hour and track, when people you shared a master with comment on it.`}
      checked={change.isPending ? (change.variables?.enabled ?? false) : (setting.data?.enabled ?? true)}
      disabled={!setting.data || change.isPending}
      onChange={(event) => change.mutate({ enabled: event.currentTarget.checked })}
      data-testid="comment-digest-setting"
    />
  );
}
