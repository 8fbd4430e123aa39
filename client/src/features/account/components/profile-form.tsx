import { Checkbox, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { z } from 'zod';
import { ZEmail, ZNewPassword, type TUser } from '../../../../../src/modules/accounts/accounts.schemas.js';
import { errorCodeOf } from '../../../lib/error-messages.js';
import { trpc } from '../../../lib/trpc.js';
import { useTranslateKey } from '../../../lib/use-translate-key.js';
import { zodValidate } from '../../../lib/zod-form.js';
import { EmailField, PasswordField } from '../../auth/index.js';
import { FormSaveFooter } from './form-save-footer.js';

const ZName = z.string().trim().min(1, 'global.message.fieldRequired').max(100, 'global.message.tooLong');

/** The profile form's own shape: blank password fields mean "unchanged". */
export const ZProfileForm = z
  .object({
    firstName: ZName,
    lastName: ZName,
    email: ZEmail,
    subscribedToNewsletter: z.boolean(),
    informAboutUpdates: z.boolean(),
    betaTesting: z.boolean(),
    password: z.union([z.literal(''), ZNewPassword]),
    currentPassword: z.string(),
  })
  .superRefine((values, ctx) => {
    if (values.password !== '' && values.currentPassword === '') {
      ctx.addIssue({ code: 'custom', path: ['currentPassword'], message: 'global.error.currentPasswordRequired' });
    }
  });
type ProfileValues = z.input<typeof ZProfileForm>;

const valuesOf = (user: TUser): ProfileValues => ({
  firstName: user.firstName,
  lastName: user.lastName,
  email: user.email,
  subscribedToNewsletter: user.subscribedToNewsletter,
  informAboutUpdates: user.informAboutUpdates,
  betaTesting: user.betaTesting,
  password: '',
  currentPassword: '',
});

/** Profile: names, e-mail (confirmed by mail), the three flags and a password change. */
export function ProfileForm({ user }: { user: TUser }) {
  const { t } = useLingui();
  const translate = useTranslateKey();
  const utils = trpc.useUtils();
  const update = trpc.accounts.updateUser.useMutation();
  const [notice, setNotice] = useState<{ kind: 'saved' } | { kind: 'emailPending'; email: string } | { kind: 'failed'; code: string } | null>(null);
  const form = useForm<ProfileValues>({
    mode: 'controlled',
    initialValues: valuesOf(user),
    validate: zodValidate(ZProfileForm, translate),
    // A notice speaks of the last save; editing again makes it stale.
    onValuesChange: () => setNotice(null),
  });

  useEffect(() => {
    form.setInitialValues(valuesOf(user));
    // Only a new server copy of the user resets the form.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [user]);

  const emailChanged = form.values.email !== user.email;
  const needsCurrent = emailChanged || form.values.password !== '';

  const submit = form.onSubmit(async (values) => {
    setNotice(null);
    if (emailChanged && values.currentPassword === '') {
      form.setFieldError('currentPassword', translate('global.error.currentPasswordRequired'));
      return;
    }
    try {
      const updated = await update.mutateAsync({
        firstName: values.firstName,
        lastName: values.lastName,
        subscribedToNewsletter: values.subscribedToNewsletter,
        informAboutUpdates: values.informAboutUpdates,
        betaTesting: values.betaTesting,
        ...(emailChanged ? { email: values.email } : {}),
        ...(values.password ? { password: values.password } : {}),
        ...(needsCurrent ? { currentPassword: values.currentPassword } : {}),
      });
      utils.accounts.me.setData(undefined, updated);
      form.setValues({ ...valuesOf(updated), email: updated.email });
      form.resetDirty();
      setNotice(emailChanged ? { kind: 'emailPending', email: values.email } : { kind: 'saved' });
    } catch (error) {
      const code = errorCodeOf(error);
      if (code.includes('currentPassword')) form.setFieldError('currentPassword', translate(code));
      else if (code === 'global.error.emailTaken') form.setFieldError('email', translate(code));
      else setNotice({ kind: 'failed', code });
    }
    // A form the checks turn back is not saved: an earlier "saved" must not stand beside its errors.
  }, () => setNotice(null));

  const emailError =
    form.errors.email ?? (form.isDirty('email') && !ZEmail.safeParse(form.values.email).success ? translate('global.message.invalidEmail') : null);

  return (
    <form onSubmit={submit} noValidate aria-labelledby="profile-heading">
      <Stack>
        <Title order={2} size="h4" id="profile-heading">
          <Trans>Profile</Trans>
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label={t`First name`} required autoComplete="given-name" {...form.getInputProps('firstName')} />
          <TextInput label={t`Last name`} required autoComplete="family-name" {...form.getInputProps('lastName')} />
        </SimpleGrid>
        <EmailField
          label={t`E-mail address`}
          required
          value={form.values.email}
          onChange={(value) => form.setFieldValue('email', value)}
          error={emailError}
          description={emailChanged ? t`We will send a confirmation link to the new address. It takes effect once you open it.` : undefined}
        />
        <Stack gap="xs">
          <Checkbox label={t`Send me the newsletter`} {...form.getInputProps('subscribedToNewsletter', { type: 'checkbox' })} />
          <Checkbox label={t`Inform me about product updates`} {...form.getInputProps('informAboutUpdates', { type: 'checkbox' })} />
          <Checkbox label={t`I want to test beta features`} {...form.getInputProps('betaTesting', { type: 'checkbox' })} />
        </Stack>
        <Title order={3} size="h5" mt="sm">
          <Trans>Change password</Trans>
        </Title>
        <PasswordField label={t`New password`} withHint autoComplete="new-password" {...form.getInputProps('password')} />
        {needsCurrent && (
          <PasswordField label={t`Current password`} required autoComplete="current-password" {...form.getInputProps('currentPassword')} />
        )}
        <FormSaveFooter
          saved={
            notice?.kind === 'saved' ? (
              <Trans>Your changes are saved.</Trans>
            ) : (
              notice?.kind === 'emailPending' && <Trans>Saved. We sent a confirmation link to {notice.email}; your e-mail address changes once you open it.</Trans>
            )
          }
          failure={notice?.kind === 'failed' ? notice.code : null}
          saving={update.isPending}
        >
          <Trans>Save profile</Trans>
        </FormSaveFooter>
      </Stack>
    </form>
  );
}
