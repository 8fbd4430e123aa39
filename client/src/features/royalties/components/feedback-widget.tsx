import { Alert, Button, Checkbox, Group, Input, Paper, Rating, Stack, Text, Textarea, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { FEEDBACK_LIMITS, ZFeedbackInput } from '../../../../../src/modules/royalties/royalties.schemas.js';
import { errorCodeOf, errorMessageOf } from '../../../lib/error-messages.js';
import { trpc } from '../../../lib/trpc.js';
import { zodValidate } from '../../../lib/zod-form.js';
import { ErrorAlert } from '../../../components/error-alert.js';

interface FeedbackValues {
  soundRating: number;
  overallRating: number;
  comment: string;
  includeSongData: boolean;
}

/** One star rating with its label and error; `name` names it for the page (id) and for tests. */
function Stars({ label, name, rating, error, onChange }: { label: string; name: string; rating: number; error: ReactNode; onChange: (rating: number) => void }) {
  const { t } = useLingui();
  // Each star is a radio named by its value; Mantine's default names them "0".."5" for screen readers.
  const starLabel = (value: number) => (value === 0 ? t`No stars` : value === 1 ? t`1 star` : t`${value} stars`);
  return (
    <Input.Wrapper label={label} error={error} id={`feedback-${name}`}>
      <Rating value={rating} onChange={onChange} aria-label={label} getSymbolLabel={starLabel} data-testid={`feedback-${name}`} />
    </Input.Wrapper>
  );
}

/**
 * The distribution screens' feedback widget: stars for the sound and overall, a comment,
 * "include my release data", send. Kept for the operators (`npm run admin -- feedback:list`).
 */
export function FeedbackWidget() {
  const { t, i18n } = useLingui();
  const location = useLocation();
  const send = trpc.royalties.sendFeedback.useMutation();
  const [sent, setSent] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<FeedbackValues>({
    initialValues: { soundRating: 0, overallRating: 0, comment: '', includeSongData: false },
    validate: zodValidate(ZFeedbackInput.omit({ page: true }), (key) => i18n._(errorMessageOf(key))),
  });

  const submit = form.onSubmit(async (values) => {
    setFailure(null);
    try {
      await send.mutateAsync({ ...values, page: location.pathname.replace(/\/+$/, '') });
      setSent(true);
      form.reset();
    } catch (error) {
      setFailure(errorCodeOf(error));
    }
  });

  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} mt="xl" component="section" aria-labelledby="distribution-feedback-title" data-testid="feedback-widget">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <div>
            <Title order={2} fz="lg" id="distribution-feedback-title">
              <Trans>How do you like distribution?</Trans>
            </Title>
            <Text size="sm" c="dimmed">
              <Trans>Tell us what works and what does not. We read every message.</Trans>
            </Text>
          </div>
          <Group gap="xl" wrap="wrap" align="flex-start">
            <Stars label={t`Sound`} name="sound" rating={form.values.soundRating} error={form.errors.soundRating} onChange={(value) => form.setFieldValue('soundRating', value)} />
            <Stars label={t`Overall`} name="overall" rating={form.values.overallRating} error={form.errors.overallRating} onChange={(value) => form.setFieldValue('overallRating', value)} />
          </Group>
          <Textarea
            label={t`Comment`}
            minRows={3}
            maxLength={FEEDBACK_LIMITS.maxComment}
            data-testid="feedback-comment"
            {...form.getInputProps('comment')}
          />
          <Checkbox
            label={t`Include my release data (releases, tracks, ISRCs) so you can look into it`}
            data-testid="feedback-include-song-data"
            {...form.getInputProps('includeSongData', { type: 'checkbox' })}
          />
          <ErrorAlert code={failure} variant="light" />
          {sent && (
            <Alert color="teal" variant="light" role="status" data-testid="feedback-sent">
              <Trans>Thank you for your feedback.</Trans>
            </Alert>
          )}
          <Group>
            <Button type="submit" loading={send.isPending} data-testid="feedback-send">
              <Trans>Send</Trans>
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
