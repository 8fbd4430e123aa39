import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

/**
 * The one place where message codes from the server and from client code
 * become text. Codes are keys like `global.error.server`; a bare code `X` is also allowed,
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
  'global.message.invalidEmail': msg`Please enter a valid e-mail address.`,
  'global.message.fieldRequired': msg`This field is required.`,
  'global.message.tooLong': msg`This is too long.`,
  'global.passwordRequirements': msg`Use at least 8 characters.`,
  'global.message.error': msg`Something went wrong. Please try again.`,
  'binary.creation.timeout': msg`Creating your master took too long. Please open it again from your masters.`,
  'mastering.tooManyJobs': msg`You have many masters in the making already. Please wait until one is done.`,
  'album.tooFewTracks': msg`Choose at least two tracks for an album.`,
  'album.tooManyTracks': msg`An album can have at most 30 tracks.`,
  'album.trackTwice': msg`Each track can be on the album only once.`,
  'album.stillMastering': msg`Your last album is still being mastered. Please wait until it is done.`,
  'album.notMastered': msg`This album is not finished yet. Please wait until all its tracks are mastered.`,
  'mastering.maxFailedAttemptsReached': msg`Mastering this track failed several times. Please upload it again or contact us.`,
  'error.fileTooLarge': msg`The file is larger than 500 MB.`,
  'error.noWaveFile': msg`This is not a WAV file. Please choose a WAV file.`,
  'error.unsupportedWave': msg`This WAV format is not supported.`,
  'error.payloadTooLarge': msg`The request is too large.`,
  'error.malformedBody': msg`The request could not be read.`,
  // Upload problems (one notice, upload-host.tsx): each says what to do next.
  'store.upload.error.noWaveFile': msg`This file is not a WAV. Export your mix as WAV and try again.`,
  'store.upload.error.fileTooLarge': msg`The file is larger than 500 MB. Export your mix at 24 bit or a lower sample rate and try again.`,
  'store.upload.error.unsupportedWave': msg`This WAV cannot be read. Export your mix as a PCM WAV (16 or 24 bit, mono or stereo) and try again.`,
  'store.upload.error.payloadTooLarge': msg`The file is larger than 500 MB. Export your mix at 24 bit or a lower sample rate and try again.`,
  'store.upload.error.tooManyUploads': msg`You have uploaded many files in the last hour. Please wait a while before the next one.`,
  'store.upload.error.storageFull': msg`Your storage is full. Delete tracks you no longer need to upload more.`,
  'store.upload.error.malformedBody': msg`The upload was interrupted. Try again.`,
  'error.trackNameRequired': msg`Please enter a name.`,
  'error.trackNameTooLong': msg`This name is too long.`,
  'error.bpmInvalid': msg`BPM must be a whole number from 0 to 999.`,
  'error.intensityInvalid': msg`Choose Low, Medium or High as the intensity.`,
  'error.amountInvalid': msg`An amount is a percentage from 0 to 150 in steps of 10.`,
  'error.silentReference': msg`This reference track is silent. Choose a reference with audio in it.`,
  'mastering.styleAlreadyMastered': msg`This track already has a master in this style.`,
  'mastering.storageFull': msg`Your storage is full: this master would not fit. Delete tracks or masters you no longer need.`,
  'mastering.noStylesLeft': msg`This track already has a master in every style.`,
  'codecs.notMastered': msg`Only a finished master can be checked through the stores' codecs.`,
  'codecs.failed': msg`The codec check could not be made. Please try again in a moment.`,
  'master.paymentInProgress': msg`A payment for this master is in progress. Please try again when it is done.`,
  'account.paymentInProgress': msg`A payment of yours is in progress. Please try again in a few minutes, when it is done.`,
  'master.removeFailed': msg`The master could not be deleted.`,
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
  // Declines (the server maps the gateway's answer to these keys; its raw words stay in the log).
  'payment.declined.doNotHonor': msg`Your bank declined the payment. Try another card or ask your bank.`,
  'payment.declined.insufficientFunds': msg`Your card does not have enough funds or has reached its limit. Try another card or ask your bank.`,
  'payment.declined.cardExpired': msg`Your card has expired or its expiry date is wrong. Check the date or use another card.`,
  'payment.declined.cvv': msg`The security code (CVV) was not accepted. Check the three or four digits on your card and try again.`,
  'payment.declined.cardNumber': msg`The card number was not accepted. Check it or use another card.`,
  'payment.declined.address': msg`Your bank could not confirm your billing address. Check your invoice address or use another card.`,
  'payment.declined.cardNotAccepted': msg`This card cannot be used for this payment. Try another card or payment method.`,
  'payment.declined.authentication': msg`Your bank wants you to confirm this payment. Try again and complete your bank's check, or use another card.`,
  'payment.declined.duplicate': msg`The same payment was just made. Check your purchases before you try again.`,
  'payment.declined.tryAgain': msg`The card network could not be reached. You have not been charged. Wait a minute and try again.`,
  'payment.declined.methodUsed': msg`These payment details can only be used once. Please enter your card again.`,
  'payment.declined.generic': msg`The payment was declined. Try another card or payment method, or ask your bank.`,
  'distribution.nameRequired': msg`Please enter a name.`,
  'distribution.nameNotUnique': msg`This name is taken already. Please choose another one.`,
  'distribution.countryRequired': msg`Please choose a country.`,
  'distribution.participantPayPalEmailRequired': msg`Please enter the payout e-mail address (PayPal).`,
  'distribution.participantNotFound': msg`This participant could not be found.`,
  'distribution.subscriptionRequired': msg`This needs an active distribution subscription.`,
  'distribution.setupRequired': msg`Please set up distribution first.`,
  'distribution.feedback.error.rating': msg`Please give one to five stars.`,
  'royalties.error.confirmationInvalid': msg`This confirmation link is not valid (any more). A newer mail may have replaced it, or the payout address has changed since.`,
  'distribution.feedback.error.commentTooLong': msg`Please keep your comment under 2000 characters.`,
  'distribution.alreadySetUp': msg`Distribution is set up already.`,
  'distribution.alreadySubscribed': msg`You have an active distribution subscription already.`,
  'distribution.noSubscription': msg`There is no subscription to cancel.`,
  'distribution.subscriptionEnded': msg`Your subscription has ended. Subscribe again to use distribution.`,
  'distribution.resumeCardMissing': msg`The card of your subscription was removed. Add a card under Payments, make it your subscription's card, then resume.`,
  'distribution.unknownPlan': msg`This plan is not offered. Please reload the page.`,
  'distribution.generalDistributionFailure': msg`Distribution is not available right now. Please try again in a moment.`,
  'distribution.parseFailure': msg`An error occurred (Please contact development team)`,
  // Releases.
  no_album_id: msg`There is no release to add the cover to. Please start the release again.`,
  'release.error.unableToCreateAlbum': msg`Unable to create album`,
  'release.error.notDraft': msg`This release was sent to the stores already and cannot be changed.`,
  'release.error.titleRequired': msg`Please enter the track title.`,
  'release.error.albumNameRequired': msg`Please enter the release title.`,
  'release.error.genreRequired': msg`Please choose at least one genre.`,
  'release.error.tooManyGenres': msg`Choose at most 10 genres.`,
  'release.error.unknownGenre': msg`This genre is not offered. Please choose another one.`,
  'release.error.languageRequired': msg`Please choose the language.`,
  'release.error.tooManyFeaturedArtists': msg`A track can have at most 4 featured artists.`,
  'release.error.unknownArtist': msg`This artist could not be found.`,
  'release.error.featuredIsMainArtist': msg`The release's main artist cannot also be a featured artist.`,
  'release.error.invalidIsrc': msg`An ISRC has the form CC-XXX-YY-NNNNN: two letters, three letters or digits, two digits, five digits.`,
  'release.error.isrcTaken': msg`This ISRC belongs to another recording in the catalogue already.`,
  'release.error.iswcTaken': msg`This ISWC belongs to another account's work in the catalogue already.`,
  'release.error.codesExhausted': msg`No more codes can be given out right now. Please write to us; we will add new ones.`,
  'release.error.notDelivered': msg`Only a delivered release can be taken down or corrected.`,
  // What the stores answered (shown on the release page beside each store).
  'release.storeReason.electronicOnly': msg`This store lists electronic music only: give every track an electronic genre.`,
  'release.storeReason.allCapsTitle': msg`This store refuses titles written in capitals only.`,
  'release.storeReason.coverNotRgb': msg`This store refuses covers that are not in RGB colours (CMYK or greyscale).`,
  'release.storeReason.coverNotSquare': msg`This store refuses covers that are not square.`,
  'release.storeReason.coverTooSmall': msg`This store refuses covers smaller than 3000 × 3000 pixels.`,
  'release.storeReason.releaseTooSoon': msg`This store needs the release at least a week before its release date.`,
  'release.storeReason.resourceCorrupt': msg`A file of the release arrived damaged at the store.`,
  'release.storeReason.coverRefused': msg`The store refused the cover artwork.`,
  'release.storeReason.refused': msg`The store refused the release. Its reason is shown below.`,
  'release.storeReason.unreadable': msg`The store answered something we could not read. We keep the answer and look into it.`,
  'release.error.invalidIswc': msg`An ISWC is T followed by nine digits and a check digit; this one does not check.`,
  'release.error.invalidExplicit': msg`Please choose whether the track is explicit.`,
  'release.error.payoutTotal': msg`The shares must add up to exactly 100 %.`,
  'release.error.payoutRange': msg`A share is a number from 0 to 100.`,
  'release.error.participantRoleRequired': msg`Please give every participant at least one role.`,
  'release.error.unknownParticipant': msg`This participant could not be found.`,
  'release.error.duplicateParticipant': msg`This participant is on the track already.`,
  'release.error.firstParticipantFixed': msg`The first participant cannot be removed.`,
  'release.error.unknownRole': msg`This role is not offered. Please choose another one.`,
  'release.error.noTracks': msg`Please choose at least one track.`,
  'release.error.trackDetailsMissing': msg`Some track details are missing.`,
  'release.error.coverMissing': msg`Please upload the cover artwork.`,
  'release.error.noOutlets': msg`Please choose at least one store.`,
  'release.error.unknownOutlet': msg`This store is not offered. Please reload the page.`,
  'release.error.invalidDate': msg`Please enter a valid date.`,
  'release.error.releaseDateInPast': msg`The release date lies in the past; stores need today or a later day.`,
  'release.error.masterNotDeliverable': msg`This master cannot be released yet. Please try again once it is finished.`,
  'release.error.masterAlreadyOnRelease': msg`This master is on the release already.`,
  'release.error.invalidProductCode': msg`This barcode is not a valid EAN-13 or UPC-A (check the last digit).`,
  'release.error.checkFailed': msg`The release does not pass the check yet. Please fix what it lists.`,
  'release.check.coverFormat': msg`The cover must be a JPEG or PNG file.`,
  'release.check.coverNotRgb': msg`The cover must be in RGB colours, not CMYK or greyscale.`,
  'release.check.coverNotSquare': msg`The cover must be square.`,
  'release.check.coverTooSmall': msg`The cover is smaller than 3000 × 3000 pixels; the stores refuse it.`,
  'release.check.coverTooLarge': msg`The cover is larger than 6000 × 6000 pixels.`,
  'store.upload.error.fileTooSmall': msg`The image is smaller than 1 MB. Please choose the full-size artwork.`,
  'store.upload.error.coverFormat': msg`The cover must be a JPEG or PNG file.`,
  'store.upload.error.coverUnreadable': msg`The image could not be read. Please save it again as JPEG or PNG.`,
  'store.upload.error.noFile': msg`Please choose an image file.`,
  invalidCouponMessage: msg`This coupon code is not valid.`,
  'address.taxIdInvalid': msg`This VAT ID is not valid for the chosen country. Please check it, or leave the field empty.`,
  invalidTaxId: msg`Your tax ID is not valid, so VAT is charged. Please check it in your invoice address.`,
  'download.optionNotPurchased': msg`You have not bought this option yet.`,
  'download.renditionPending': msg`This file is still being made from your master. It is ready in a moment.`,
  'binary.s3File.missing': msg`The file is not available right now. Please try again in a moment.`,
};

const successMessages: Record<string, MessageDescriptor> = {
  'global.success.emailSent': msg`The e-mail was sent.`,
  'global.success.saved': msg`Your changes are saved.`,
  'global.success.passwordChanged': msg`Your password was changed. You can log in with it now.`,
  'global.success.accountDeleted': msg`Your account was deleted.`,
  'global.success.subscriptionCanceled': msg`Your subscription is canceled. Distribution stays on until the end of the paid period.`,
  'global.success.subscriptionResumed': msg`Your subscription renews again. You are charged at the end of the paid period.`,
  'global.success.subscriptionCardChanged': msg`Your subscription now pays with this card.`,
  'global.success.paymentMethodAdded': msg`Your card is saved.`,
  'global.success.paymentDone': msg`Thank you for your purchase! Your download starts now.`,
  'global.success.albumPaymentDone': msg`Thank you for your purchase! Download all the album's tracks here, or each one on its master page.`,
};

const GENERIC_ERROR = msg`Something went wrong. Please try again.`;
const GENERIC_SUCCESS = msg`Done.`;

/** Codes already reported to the console: a banner re-rendering the same code warns once. */
const warnedCodes = new Set<string>();

/**
 * The message of a code. A code without a message (a new server key, or a sentence a client
 * library threw) is shown as the generic error, and the code goes to the console for whoever
 * debugs it: raw text is never shown as if it were a message.
 */
export function errorMessageOf(code: string): MessageDescriptor {
  const known = errorMessages[code] ?? errorMessages[`global.error.${code}`];
  if (known) return known;
  if (!warnedCodes.has(code)) {
    warnedCodes.add(code);
    console.warn(`no message for the error code ${JSON.stringify(code)}`);
  }
  return GENERIC_ERROR;
}

/** Whether a code has its own message (and is not shown as the generic one). */
export const hasErrorMessage = (code: string) => code in errorMessages || `global.error.${code}` in errorMessages;

export function successMessageOf(code: string): MessageDescriptor {
  return successMessages[code] ?? successMessages[`global.success.${code}`] ?? GENERIC_SUCCESS;
}

/** The code a failed call carries: tRPC and REST errors both put it in `message`. */
export function errorCodeOf(error: unknown): string {
  if (error instanceof TypeError) return 'global.error.network';
  if (error instanceof Error && /^[\w]+(\.[\w]+)+$/.test(error.message)) return error.message;
  return 'global.error.server';
}
