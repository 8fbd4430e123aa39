import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

/**
 * The one place where message codes from the server (decisions.md, Errors) and from client code
 * become text. Codes are keys like `global.error.server`; spec §4 also allows a bare code `X`,
 * shown as `global.error.X`.
 */
const errorMessages: Record<string, MessageDescriptor> = {
  'global.error.server': msg`Something went wrong on our side. Please try again in a moment.`,
  'global.error.network': msg`We could not reach the server. Check your connection and try again.`,
  'global.error.notFound': msg`What you asked for could not be found.`,
  'global.error.unauthorized': msg`Please log in to continue.`,
  'global.error.forbidden': msg`You are not allowed to do this.`,
  'global.error.badCredentials': msg`The e-mail address or the password is wrong.`,
  'global.error.userNotConfirmed': msg`Please confirm your e-mail address first.`,
  'global.error.tooManyRequests': msg`Too many attempts. Please wait a while and try again.`,
  'global.error.invalidToken': msg`This link is invalid, was already used or has expired. Please ask for a new one.`,
  'global.error.emailTaken': msg`This e-mail address already belongs to another account.`,
  'global.error.currentPasswordRequired': msg`Please enter your current password to change your e-mail address or password.`,
  'global.error.currentPasswordWrong': msg`Your current password is not correct.`,
  'global.error.invalidInput': msg`Please check your input.`,
  'global.error.queryTooComplex': msg`This request asks for too much at once. Please ask for less.`,
  'global.error.batchTooLarge': msg`Too many requests at once. Please try again.`,
  'global.error.crossOrigin': msg`This request came from another website and was refused.`,
  'error.jsonOnly': msg`The request could not be read.`,
  'global.message.invalidEmail': msg`invalid email`,
  'global.message.fieldRequired': msg`field is required`,
  'global.message.tooLong': msg`This is too long.`,
  'global.passwordRequirements': msg`Use at least 8 characters.`,
  'global.message.error': msg`Something went wrong. Please try again.`,
  'binary.creation.timeout': msg`Creating your master took too long. Please open it again from your masters.`,
  'mastering.tooManyJobs': msg`You have many masters in the making already. Please wait until one is done.`,
  'mastering.maxFailedAttemptsReached': msg`Mastering this track failed several times. Please upload it again or contact us.`,
  'error.fileTooLarge': msg`The file is larger than 500 MB.`,
  'error.noWaveFile': msg`This is not a WAV file. Please choose a WAV file.`,
  'error.unsupportedWave': msg`This WAV format is not supported.`,
  'error.payloadTooLarge': msg`The request is too large.`,
  'error.malformedBody': msg`The request could not be read.`,
  'store.upload.error.noWaveFile': msg`This is not a WAV file. Please choose a WAV file.`,
  'store.upload.error.fileTooLarge': msg`The file is larger than 500 MB.`,
  'store.upload.error.unsupportedWave': msg`This WAV format is not supported.`,
  'store.upload.error.payloadTooLarge': msg`The file is larger than 500 MB.`,
  'store.upload.error.tooManyUploads': msg`You have uploaded many files in the last hour. Please wait a while before the next one.`,
  'store.upload.error.storageFull': msg`Your storage is full. Delete tracks you no longer need to upload more.`,
  'store.upload.error.malformedBody': msg`The upload could not be read. Please try again.`,
  'error.trackNameRequired': msg`Please enter a name.`,
  'error.trackNameTooLong': msg`This name is too long.`,
  'error.bpmInvalid': msg`BPM must be a whole number from 0 to 999.`,
  'mastering.styleAlreadyMastered': msg`This track already has a master in this style.`,
  'mastering.noStylesLeft': msg`This track already has a master in every style.`,
  'master.paymentInProgress': msg`A payment for this master is in progress. Please try again when it is done.`,
  'master.removeFailed': msg`Could not delete master`,
  'share.limitReached': msg`A master can be shared with at most 5 people.`,
  'share.dailyLimitReached': msg`You have shared a lot today. Please share again tomorrow.`,
  'share.alreadyShared': msg`This master is already shared with this address.`,
  'share.notMastered': msg`Only mastered tracks can be shared.`,
  'share.ownEmail': msg`This is your own e-mail address.`,
  'comment.textRequired': msg`Please write a comment first.`,
  'comment.textTooLong': msg`A comment can have at most 2000 characters.`,
  'comment.invalidTimestamp': msg`This position is not valid.`,
  'comment.timestampOutOfRange': msg`This position is after the end of the track.`,
  'rating.invalidStars': msg`Please choose from 1 to 5 stars.`,
  'rating.commentTooLong': msg`A rating comment can have at most 2000 characters.`,
  'rating.alreadyRated': msg`You have already rated this track.`,
  'payment.serverFailure': msg`The payment could not be completed. You have not been charged.`,
  'payment.alreadyInProgress': msg`A payment is already in progress.`,
  'payment.paypalAlreadyInProgress': msg`A PayPal payment is already in progress.`,
  'payment.requestPaymentMethod': msg`Please enter a payment method.`,
  'payment.dropInToken': msg`The payment form could not be prepared. Please try again.`,
  'payment.dropIn': msg`The payment form could not be loaded. Please try again.`,
  'payment.masterNotMastered': msg`This master is not finished yet. Please wait until mastering is done.`,
  'payment.alreadyPurchased': msg`You already own this option. You can download it now.`,
  'payment.nameRequired': msg`Please enter your first and last name for the invoice.`,
  'payment.addressRequired': msg`Please enter your invoice address.`,
  'payment.styleMismatch': msg`The style changed. Please open the checkout again.`,
  'payment.methodUsedInSubscription': msg`This payment method is used in a subscription. Please change the subscription's payment method first.`,
  'distribution.nameRequired': msg`Please enter a name.`,
  'distribution.nameNotUnique': msg`This name is taken already. Please choose another one.`,
  'distribution.countryRequired': msg`Please choose a country.`,
  'distribution.participantPayPalEmailRequired': msg`Please enter the payout e-mail address (PayPal).`,
  'distribution.participantNotFound': msg`participant not found`,
  'distribution.subscriptionRequired': msg`This needs an active distribution subscription.`,
  'distribution.setupRequired': msg`Please set up distribution first.`,
  'distribution.alreadySetUp': msg`Distribution is set up already.`,
  'distribution.alreadySubscribed': msg`You have an active distribution subscription already.`,
  'distribution.noSubscription': msg`There is no subscription to cancel.`,
  'distribution.unknownPlan': msg`This plan is not offered. Please reload the page.`,
  'distribution.generalDistributionFailure': msg`Distribution is not available right now. Please try again in a moment.`,
  'distribution.parseFailure': msg`An error occurred (Please contact development team)`,
  invalidCouponMessage: msg`This coupon code is not valid.`,
  invalidTaxId: msg`Your tax ID is not valid, so VAT is charged. Please check it in your invoice address.`,
  'download.optionNotPurchased': msg`You have not bought this option yet.`,
  'binary.s3File.missing': msg`The file is not available right now. Please try again in a moment.`,
};

const successMessages: Record<string, MessageDescriptor> = {
  'global.success.emailSent': msg`The e-mail was sent.`,
  'global.success.saved': msg`Your changes are saved.`,
  'global.success.passwordChanged': msg`Your password was changed. You can log in with it now.`,
  'global.success.accountDeleted': msg`Your account was deleted.`,
  'global.success.subscriptionCanceled': msg`Your subscription is canceled. Distribution stays on until the end of the paid period.`,
  'global.success.paymentDone': msg`Thank you for your purchase! Your download starts now.`,
};

const GENERIC_ERROR = msg`Something went wrong. Please try again.`;
const GENERIC_SUCCESS = msg`Done.`;

/** A code, or a server sentence such as a payment gateway's decline ('Do Not Honor'), shown as sent (spec §8). */
export function errorMessageOf(code: string): MessageDescriptor {
  const known = errorMessages[code] ?? errorMessages[`global.error.${code}`];
  if (known) return known;
  return isMessageKey(code) ? GENERIC_ERROR : { id: code, message: code };
}

const isMessageKey = (text: string) => /^[\w]+(\.[\w]+)*$/.test(text);

export function successMessageOf(code: string): MessageDescriptor {
  return successMessages[code] ?? successMessages[`global.success.${code}`] ?? GENERIC_SUCCESS;
}

/** The code a failed call carries: tRPC and REST errors both put it in `message`. */
export function errorCodeOf(error: unknown): string {
  if (error instanceof TypeError) return 'global.error.network';
  if (error instanceof Error && /^[\w]+(\.[\w]+)+$/.test(error.message)) return error.message;
  return 'global.error.server';
}
