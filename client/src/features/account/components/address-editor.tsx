import { Select, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { countryNeedsState, ZAddressFields, type TAddress } from '../../../../../src/modules/addresses/addresses.schemas.js';
import { useCountryOptions } from '../../../lib/country-names.js';
import { errorCodeOf } from '../../../lib/error-messages.js';
import { trpc } from '../../../lib/trpc.js';
import { useTranslateKey } from '../../../lib/use-translate-key.js';
import { zodValidate } from '../../../lib/zod-form.js';
import { FormSaveFooter } from './form-save-footer.js';


type AddressValues = { company: string; streetAndNumber: string; additional: string; city: string; zip: string; country: string; state: string; taxId: string };

const valuesOf = (address: TAddress | undefined): AddressValues => ({
  company: address?.company ?? '',
  streetAndNumber: address?.streetAndNumber ?? '',
  additional: address?.additional ?? '',
  city: address?.city ?? '',
  zip: address?.zip ?? '',
  country: address?.country ?? '',
  state: address?.state ?? '',
  taxId: address?.taxId ?? '',
});

/**
 * The invoice address (the user's first address): street, zip, city and country required,
 * state where the country needs one; company, additional and tax id optional. Errors ('This field is required.') show only after
 * a save attempt, and saving waits until the form is valid.
 */
export function AddressEditor({ address }: { address: TAddress | undefined }) {
  const { t } = useLingui();
  const translate = useTranslateKey();
  const utils = trpc.useUtils();
  const create = trpc.addresses.create.useMutation();
  const update = trpc.addresses.update.useMutation();
  const [notice, setNotice] = useState<{ kind: 'saved' } | { kind: 'failed'; code: string } | null>(null);
  // The API takes ISO 3166 codes; the list labels them in the interface language.
  const options = useCountryOptions();
  const form = useForm<AddressValues>({
    mode: 'controlled',
    initialValues: valuesOf(address),
    validate: zodValidate(ZAddressFields, translate),
    validateInputOnChange: false,
  });

  const submit = form.onSubmit(async (values) => {
    setNotice(null);
    try {
      const saved = address ? await update.mutateAsync({ ...values, id: address.id }) : await create.mutateAsync(values);
      // The address decides the VAT of the prices shown everywhere.
      await Promise.all([utils.addresses.list.invalidate(), utils.pricing.shownPrices.invalidate()]);
      form.setValues(valuesOf(saved));
      setNotice({ kind: 'saved' });
    } catch (error) {
      setNotice({ kind: 'failed', code: errorCodeOf(error) });
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-labelledby="address-heading">
      <Stack>
        <Title order={2} size="h4" id="address-heading">
          <Trans>Invoice address</Trans>
        </Title>
        <TextInput label={t`Company`} autoComplete="organization" {...form.getInputProps('company')} />
        <TextInput label={t`Street and number`} required autoComplete="address-line1" {...form.getInputProps('streetAndNumber')} />
        <TextInput label={t`Additional address line`} autoComplete="address-line2" {...form.getInputProps('additional')} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label={t`ZIP code`} required autoComplete="postal-code" {...form.getInputProps('zip')} />
          <TextInput label={t`City`} required autoComplete="address-level2" {...form.getInputProps('city')} />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {/* Required only where the country's addresses name one (STATE_REQUIRED_COUNTRIES). */}
          <TextInput label={t`State or region`} required={countryNeedsState(form.values.country)} autoComplete="address-level1" {...form.getInputProps('state')} />
          <Select
            label={t`Country`}
            required
            searchable
           
            data={options}
            nothingFoundMessage={t`No country found`}
            autoComplete="country"
            {...form.getInputProps('country')}
            onChange={(value) => {
              form.setFieldValue('country', value ?? '');
              if (!countryNeedsState(value ?? '')) form.clearFieldError('state');
            }}
          />
        </SimpleGrid>
        <TextInput label={t`Tax ID (optional)`} {...form.getInputProps('taxId')} />
        <FormSaveFooter
          saved={notice?.kind === 'saved' && <Trans>Your address is saved.</Trans>}
          failure={notice?.kind === 'failed' ? notice.code : null}
          saving={create.isPending || update.isPending}
        >
          <Trans>Save address</Trans>
        </FormSaveFooter>
      </Stack>
    </form>
  );
}
