import { Button, Checkbox, Group, Modal, Paper, Skeleton, Stack, Text, Textarea, TextInput, Title, UnstyledButton } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState } from 'react';
import type { TComment } from '../../../../../src/modules/feedback/feedback.schemas.js';
import { MAX_COMMENT_LENGTH } from '../../../../../src/modules/feedback/feedback.schemas.js';
import { ErrorState } from '../../../components/error-state.js';
import { errorCodeOf, errorMessageOf } from '../../../lib/error-messages.js';
import { trpc } from '../../../lib/trpc.js';
import { formatPosition, parsePosition } from '../position.js';
import { authorName, type PlayheadHandle, type TrackTalk } from '../use-track-talk.js';
import classes from './comments-section.module.css';
import { ErrorAlert } from '../../../components/error-alert.js';
import { DeleteActions } from '../../../components/delete-actions.js';

type Props = TrackTalk['sectionProps'];

/**
 * The comments of a track: newest first, each optionally at a
 * position (its time seeks the player); authors edit and delete their own, the owner deletes any.
 * Text is shown as text, never as markup.
 */
export function CommentsSection({ trackId, comments, list, player, focus }: Props) {
  const { t } = useLingui();
  const listRef = useRef<HTMLDivElement>(null);
  const [confirming, setConfirming] = useState<TComment | null>(null);

  // A pin was picked: bring its comment into view and mark it for a moment.
  useEffect(() => {
    if (!focus) return;
    const item = listRef.current?.querySelector<HTMLElement>(`[data-comment-id="${CSS.escape(focus.id)}"]`);
    if (!item) return;
    item.scrollIntoView({ behavior: 'smooth', block: 'center' });
    item.focus({ preventScroll: true });
  }, [focus]);

  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} component="section" aria-labelledby="comments-title" data-testid="comments">
      <Stack gap="md">
        <Title order={2} fz="lg" id="comments-title">
          <Trans>Comments</Trans>
        </Title>
        <CommentForm trackId={trackId} player={player} />
        {comments.isPending ? (
          <Stack gap="xs">
            <Skeleton h={56} radius="sm" />
            <Skeleton h={56} radius="sm" />
          </Stack>
        ) : comments.isError && !comments.data ? (
          <ErrorState error={comments.error} onRetry={() => void comments.refetch()} />
        ) : list.length === 0 ? (
          <Text c="dimmed" size="sm">
            <Trans>No comments yet. Write the first one, at the playhead if it is about a moment in the track.</Trans>
          </Text>
        ) : (
          <Stack gap="xs">
            <Stack gap="xs" ref={listRef} role="list" aria-label={t`Comments`}>
              {list.map((comment) => (
                <CommentItem key={comment.id} comment={comment} player={player} highlighted={focus?.id === comment.id} onDelete={() => setConfirming(comment)} />
              ))}
            </Stack>
            {comments.hasNextPage && (
              <Button variant="subtle" size="compact-sm" loading={comments.isFetchingNextPage} onClick={() => void comments.fetchNextPage()} style={{ alignSelf: 'flex-start' }}>
                <Trans>Show older comments</Trans>
              </Button>
            )}
          </Stack>
        )}
      </Stack>
      <DeleteCommentDialog trackId={trackId} comment={confirming} onClose={() => setConfirming(null)} />
    </Paper>
  );
}

/** Add needs trimmed, non-empty text; the position is the playhead's, and may be changed. */
function CommentForm({ trackId, player }: { trackId: string; player: PlayheadHandle | null }) {
  const { t } = useLingui();
  const utils = trpc.useUtils();
  const create = trpc.feedback.createComment.useMutation();
  const [text, setText] = useState('');
  const [atPosition, setAtPosition] = useState(false);
  const [position, setPosition] = useState('0:00');
  const [error, setError] = useState<string | null>(null);

  const takePlayhead = () => setPosition(formatPosition(player?.positionSeconds() ?? 0));
  const seconds = atPosition ? parsePosition(position) : null;
  const positionInvalid = atPosition && seconds === null;
  const canAdd = text.trim().length > 0 && !positionInvalid && !create.isPending;

  const submit = async () => {
    if (!canAdd) return;
    setError(null);
    try {
      await create.mutateAsync({ trackId, text, timestamp: seconds });
      setText('');
      setAtPosition(false);
      await utils.feedback.trackComments.invalidate({ trackId });
    } catch (failure) {
      setError(errorCodeOf(failure));
    }
  };

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Stack gap="xs">
        <Textarea
          label={t`Your comment`}
          placeholder={t`What do you hear?`}
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          onFocus={() => {
            if (!atPosition) takePlayhead();
          }}
          autosize
          minRows={2}
          maxRows={8}
          maxLength={MAX_COMMENT_LENGTH}
        />
        <Group justify="space-between" align="flex-end" gap="sm" wrap="wrap">
          <Group gap="xs" align="center" wrap="nowrap">
            <Checkbox
              label={t`At position`}
              checked={atPosition}
              onChange={(event) => {
                setAtPosition(event.currentTarget.checked);
                if (event.currentTarget.checked) takePlayhead();
              }}
            />
            <TextInput
              aria-label={t`Position in the track (m:ss)`}
              value={position}
              onChange={(event) => {
                setPosition(event.currentTarget.value);
                setAtPosition(true);
              }}
              error={positionInvalid ? t`Write it as m:ss` : undefined}
              w={90}
              size="xs"
              classNames={{ input: classes.figures }}
            />
          </Group>
          <Button type="submit" disabled={!canAdd} loading={create.isPending}>
            <Trans>Add</Trans>
          </Button>
        </Group>
        <ErrorAlert code={error} variant="light" />
      </Stack>
    </form>
  );
}

function CommentItem({ comment, player, highlighted, onDelete }: { comment: TComment; player: PlayheadHandle | null; highlighted: boolean; onDelete: () => void }) {
  const { t, i18n } = useLingui();
  const utils = trpc.useUtils();
  const update = trpc.feedback.updateComment.useMutation();
  const [editing, setEditing] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const at = comment.timestamp !== null ? formatPosition(comment.timestamp) : null;
  const edited = comment.updatedAt !== comment.createdAt;
  const when = new Intl.DateTimeFormat(i18n.locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(comment.createdAt));

  const save = async () => {
    if (editing === null || editing.trim() === '') return;
    setError(null);
    try {
      await update.mutateAsync({ id: comment.id, text: editing });
      setEditing(null);
      await utils.feedback.trackComments.invalidate({ trackId: comment.trackId });
    } catch (failure) {
      setError(errorCodeOf(failure));
    }
  };

  return (
    <div className={classes.item} data-highlighted={highlighted || undefined} data-comment-id={comment.id} tabIndex={-1} role="listitem" data-testid="comment">
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Group gap="xs" wrap="wrap" style={{ minWidth: 0 }}>
          {at !== null && (
            <UnstyledButton
              className={classes.time}
              onClick={() => player?.seek(comment.timestamp ?? 0)}
              disabled={!player}
              aria-label={t`Play from ${at}`}
              data-testid="comment-time"
            >
              {at}
            </UnstyledButton>
          )}
          <Text size="sm" fw={600} className={classes.author}>
            {authorName(comment.user)}
          </Text>
          <Text size="xs" c="dimmed">
            {when}
            {edited ? ` · ${t`edited`}` : ''}
          </Text>
        </Group>
        {editing === null && (comment.canEdit || comment.canDelete) && (
          <Group gap={4}>
            {comment.canEdit && (
              <Button variant="subtle" size="compact-sm" onClick={() => setEditing(comment.text)}>
                <Trans>Edit</Trans>
              </Button>
            )}
            {comment.canDelete && (
              <Button variant="subtle" color="red" size="compact-sm" onClick={onDelete}>
                <Trans>Delete</Trans>
              </Button>
            )}
          </Group>
        )}
      </Group>
      {editing === null ? (
        // Plain text: React renders it as text, so markup in a comment stays inert.
        <Text size="sm" mt={4} className={classes.text} data-testid="comment-text">
          {comment.text}
        </Text>
      ) : (
        <Stack gap="xs" mt="xs">
          <Textarea
            aria-label={t`Edit your comment`}
            value={editing}
            onChange={(event) => setEditing(event.currentTarget.value)}
            autosize
            minRows={2}
            maxLength={MAX_COMMENT_LENGTH}
          />
          <Group justify="flex-end" gap="xs">
            <Button variant="default" size="xs" onClick={() => setEditing(null)}>
              <Trans>Cancel</Trans>
            </Button>
            <Button size="xs" onClick={() => void save()} disabled={editing.trim() === ''} loading={update.isPending}>
              <Trans>Save</Trans>
            </Button>
          </Group>
          {error && (
            <Text size="sm" c="red" role="alert">
              {i18n._(errorMessageOf(error))}
            </Text>
          )}
        </Stack>
      )}
    </div>
  );
}

/** Deleting a comment asks first (deleteCommentConfirmation). */
function DeleteCommentDialog({ trackId, comment, onClose }: { trackId: string; comment: TComment | null; onClose: () => void }) {
  const { t } = useLingui();
  const utils = trpc.useUtils();
  const remove = trpc.feedback.removeComment.useMutation();
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    setError(null);
    onClose();
  };
  return (
    <Modal opened={comment !== null} onClose={close} title={t`Delete comment`} centered>
      <Stack>
        <Text>
          <Trans id="deleteCommentConfirmation">Do you really want to delete this comment?</Trans>
        </Text>
        {comment && (
          <Text size="sm" c="dimmed" className={classes.text} lineClamp={4}>
            {comment.text}
          </Text>
        )}
        <ErrorAlert code={error} variant="light" />
        <DeleteActions
          onKeep={close}
          deleting={remove.isPending}
          onDelete={async () => {
            if (!comment) return;
            try {
              await remove.mutateAsync({ id: comment.id });
              await utils.feedback.trackComments.invalidate({ trackId });
              close();
            } catch (failure) {
              setError(errorCodeOf(failure));
            }
          }}
        />
      </Stack>
    </Modal>
  );
}
