import { useLingui } from '@lingui/react';
import { errorMessageOf } from './error-messages.js';

/** A server or form error key in the reader's language (what zodValidate and error alerts show). */
export function useTranslateKey() {
  const { i18n } = useLingui();
  return (key: string) => i18n._(errorMessageOf(key));
}
