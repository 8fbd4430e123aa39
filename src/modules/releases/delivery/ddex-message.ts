/**
 * The DDEX ERN 4.3 messages a delivery sends (namespace http://ddex.net/xml/ern/43), pure functions
 * of their input. A NewReleaseMessage carries MessageHeader (sender and recipients by DDEX party id),
 * PartyList, ResourceList (one SoundRecording per track, its SoundRecordingEdition with the ISRC and
 * the delivered file's SHA-256, and the front cover Image), ReleaseList (the Release with its ICPN and
 * ordered track list) and DealList (per deal one territory rule, a validity period, commercial models
 * and use types); the root carries AvsVersionId and LanguageAndScriptCode, which 4.3 requires.
 *
 * ERN 4 dropped 3.x's UpdateIndicator from the message: a correction is a complete NewReleaseMessage
 * for the same release in the same MessageThreadId with a later MessageCreatedDateTime, and the
 * batch's manifest (batchManifest) marks it as an update delivery. A takedown is a
 * PurgeReleaseMessage naming the release by its ICPN. ern-validator.ts checks every message before
 * it leaves.
 */

export interface MessageTrack {
  reference: string;
  isrc: string;
  iswc: string | null;
  title: string;
  displayArtist: string;
  featuredArtists: string[];
  contributors: { name: string; roles: string[] }[];
  durationS: number;
  language: string | null;
  /** 2 explicit, 1 not explicit, 0 clean (an edited version). */
  explicit: number;
  genres: string[];
  file: { uri: string; sha256: string; bytes: number; bitsPerSample: number; sampleRate: number; channels: number };
}

export interface MessageParty {
  /** A DDEX party id (DPID). */
  partyId: string;
  name: string;
}

export interface MessageDeal {
  startDate: string;
  /** ISO 3166 codes or `Worldwide`; one territory rule per deal. */
  territories?: string[];
}

export interface MessageHeaderInput {
  messageId: string;
  /** The same for every message about one release to one recipient (original, updates, purge). */
  threadId: string;
  createdAt: Date;
  sender: MessageParty;
  recipients: MessageParty[];
}

export interface ReleaseMessageInput extends MessageHeaderInput {
  release: {
    reference: string;
    icpn: string;
    title: string;
    type: 'album' | 'single' | 'ep';
    displayArtist: string;
    label: string;
    originalReleaseDate: string;
  };
  tracks: MessageTrack[];
  cover: { reference: string; uri: string; sha256: string; bytes: number; width: number; height: number; format: string };
  deals: MessageDeal[];
}

export const ERN_NAMESPACE = 'http://ddex.net/xml/ern/43';
/** The commercial models and use types every deal offers: streaming (paid and free tiers) and downloads. */
export const DEAL_COMMERCIAL_MODELS = ['SubscriptionModel', 'AdvertisementSupportedModel', 'PayAsYouGoModel'] as const;
export const DEAL_USE_TYPES = ['OnDemandStream', 'PermanentDownload'] as const;

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');
const tag = (name: string, content: string | number, attributes = '') => `<${name}${attributes}>${typeof content === 'number' ? content : escapeXml(content)}</${name}>`;

/** ISO 8601 duration as ERN writes it: PT3M25.120S. */
export function isoDuration(seconds: number): string {
  const whole = Math.max(0, seconds);
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const s = (whole % 60).toFixed(3);
  return `PT${h > 0 ? `${h}H` : ''}${m}M${s}S`;
}

const PARENTAL_WARNING: Record<number, string> = { 2: 'Explicit', 1: 'NotExplicit', 0: 'ExplicitContentEdited' };
const RELEASE_TYPE = { album: 'Album', single: 'Single', ep: 'EP' } as const;

export function newReleaseMessage(input: ReleaseMessageInput): string {
  const parties = new Map<string, string>();
  const partyOf = (name: string) => {
    if (!parties.has(name)) parties.set(name, `P${parties.size + 1}`);
    return parties.get(name)!;
  };
  const mainArtist = partyOf(input.release.displayArtist);
  const label = partyOf(input.release.label);

  const recordings = input.tracks.map((track) => {
    const artists = [
      `<DisplayArtist SequenceNumber="1">${tag('ArtistPartyReference', partyOf(track.displayArtist))}${tag('DisplayArtistRole', 'MainArtist')}</DisplayArtist>`,
      ...track.featuredArtists.map((name, index) => `<DisplayArtist SequenceNumber="${index + 2}">${tag('ArtistPartyReference', partyOf(name))}${tag('DisplayArtistRole', 'FeaturedArtist')}</DisplayArtist>`),
    ].join('');
    const contributors = track.contributors
      .map((contributor, index) => `<Contributor SequenceNumber="${index + 1}">${tag('ContributorPartyReference', partyOf(contributor.name))}${contributor.roles.map((role) => tag('Role', role)).join('')}</Contributor>`)
      .join('');
    return [
      '<SoundRecording>',
      tag('ResourceReference', track.reference),
      tag('Type', 'MusicalWorkSoundRecording'),
      '<SoundRecordingEdition>',
      `<ResourceId>${tag('ISRC', track.isrc)}</ResourceId>`,
      '<TechnicalDetails>',
      tag('TechnicalResourceDetailsReference', `T${track.reference}`),
      '<DeliveryFile>',
      tag('Type', 'AudioFile'),
      tag('AudioCodecType', 'PCM'),
      tag('BitDepth', track.file.bitsPerSample),
      tag('NumberOfChannels', track.file.channels),
      tag('SamplingRate', track.file.sampleRate),
      `<File>${tag('URI', track.file.uri)}<HashSum>${tag('Algorithm', 'SHA256')}${tag('HashSumValue', track.file.sha256)}</HashSum>${tag('FileSize', track.file.bytes)}</File>`,
      '</DeliveryFile>',
      '</TechnicalDetails>',
      '</SoundRecordingEdition>',
      track.iswc ? `<WorkId>${tag('ISWC', track.iswc)}</WorkId>` : '',
      tag('DisplayTitleText', track.title),
      `<DisplayTitle>${tag('TitleText', track.title)}</DisplayTitle>`,
      tag('DisplayArtistName', track.displayArtist),
      artists,
      contributors,
      tag('Duration', isoDuration(track.durationS)),
      tag('ParentalWarningType', PARENTAL_WARNING[track.explicit] ?? 'NotExplicit'),
      track.language ? tag('LanguageOfPerformance', track.language) : '',
      ...track.genres.map((genre) => `<Genre>${tag('GenreText', genre)}</Genre>`),
      '</SoundRecording>',
    ].join('');
  });

  const image = [
    '<Image>',
    tag('ResourceReference', input.cover.reference),
    tag('Type', 'FrontCoverImage'),
    `<ResourceId>${tag('ProprietaryId', `${input.release.icpn}-cover`, ` Namespace="${escapeXml(input.sender.partyId)}"`)}</ResourceId>`,
    '<TechnicalDetails>',
    tag('TechnicalResourceDetailsReference', `T${input.cover.reference}`),
    `<DeliveryFile>${tag('Type', 'Image')}${tag('ImageCodecType', input.cover.format.toUpperCase())}${tag('ImageHeight', input.cover.height)}${tag('ImageWidth', input.cover.width)}`,
    `<File>${tag('URI', input.cover.uri)}<HashSum>${tag('Algorithm', 'SHA256')}${tag('HashSumValue', input.cover.sha256)}</HashSum>${tag('FileSize', input.cover.bytes)}</File></DeliveryFile>`,
    '</TechnicalDetails>',
    '</Image>',
  ].join('');

  const warnings = input.tracks.map((track) => track.explicit);
  const releaseWarning = warnings.includes(2) ? 'Explicit' : warnings.includes(0) ? 'ExplicitContentEdited' : 'NotExplicit';
  const releaseGenres = [...new Set(input.tracks.flatMap((track) => track.genres))];
  const release = [
    '<Release>',
    tag('ReleaseReference', input.release.reference),
    tag('ReleaseType', RELEASE_TYPE[input.release.type]),
    `<ReleaseId>${tag('ICPN', input.release.icpn)}</ReleaseId>`,
    tag('DisplayTitleText', input.release.title),
    `<DisplayTitle>${tag('TitleText', input.release.title)}</DisplayTitle>`,
    tag('DisplayArtistName', input.release.displayArtist),
    `<DisplayArtist SequenceNumber="1">${tag('ArtistPartyReference', mainArtist)}${tag('DisplayArtistRole', 'MainArtist')}</DisplayArtist>`,
    tag('ReleaseLabelReference', label),
    ...releaseGenres.map((genre) => `<Genre>${tag('GenreText', genre)}</Genre>`),
    tag('ParentalWarningType', releaseWarning),
    tag('OriginalReleaseDate', input.release.originalReleaseDate),
    '<ResourceGroup>',
    ...input.tracks.map(
      (track, index) => `<ResourceGroupContentItem>${tag('SequenceNumber', index + 1)}${tag('ReleaseResourceReference', track.reference)}</ResourceGroupContentItem>`,
    ),
    tag('LinkedReleaseResourceReference', input.cover.reference),
    '</ResourceGroup>',
    '</Release>',
  ].join('');

  const deals = input.deals
    .map((deal) =>
      [
        '<ReleaseDeal>',
        tag('DealReleaseReference', input.release.reference),
        '<Deal><DealTerms>',
        ...(deal.territories ?? ['Worldwide']).map((territory) => tag('TerritoryCode', territory)),
        `<ValidityPeriod>${tag('StartDate', deal.startDate)}</ValidityPeriod>`,
        ...DEAL_COMMERCIAL_MODELS.map((model) => tag('CommercialModelType', model)),
        ...DEAL_USE_TYPES.map((use) => tag('UseType', use)),
        '</DealTerms></Deal>',
        '</ReleaseDeal>',
      ].join(''),
    )
    .join('');

  const partyList = [...parties.entries()].map(([name, reference]) => `<Party>${tag('PartyReference', reference)}<PartyName>${tag('FullName', name)}</PartyName></Party>`).join('');
  return [
    ...messageStart('NewReleaseMessage', input),
    `<PartyList>${partyList}</PartyList>`,
    `<ResourceList>${recordings.join('')}${image}</ResourceList>`,
    `<ReleaseList>${release}</ReleaseList>`,
    `<DealList>${deals}</DealList>`,
    '</ern:NewReleaseMessage>',
    '',
  ].join('\n');
}

const partyXml = (element: string, party: MessageParty) => `<${element}>${tag('PartyId', party.partyId)}<PartyName>${tag('FullName', party.name)}</PartyName></${element}>`;

function messageStart(root: 'NewReleaseMessage' | 'PurgeReleaseMessage', header: MessageHeaderInput): string[] {
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<ern:${root} xmlns:ern="${ERN_NAMESPACE}" ReleaseProfileVersionId="Audio" LanguageAndScriptCode="en" AvsVersionId="4">`,
    '<MessageHeader>',
    tag('MessageThreadId', header.threadId),
    tag('MessageId', header.messageId),
    partyXml('MessageSender', header.sender),
    ...header.recipients.map((recipient) => partyXml('MessageRecipient', recipient)),
    tag('MessageCreatedDateTime', header.createdAt.toISOString()),
    tag('MessageControlType', 'LiveMessage'),
    '</MessageHeader>',
  ];
}

/** The takedown of a release at a store: it withdraws the release named by its ICPN. */
export function purgeReleaseMessage(input: MessageHeaderInput & { icpn: string; title: string }): string {
  return [
    ...messageStart('PurgeReleaseMessage', input),
    `<PurgedRelease><ReleaseId>${tag('ICPN', input.icpn)}</ReleaseId>${tag('DisplayTitleText', input.title)}</PurgedRelease>`,
    '</ern:PurgeReleaseMessage>',
    '',
  ].join('\n');
}

export type DeliveryType = 'NewReleaseDelivery' | 'UpdateReleaseDelivery' | 'TakedownReleaseDelivery';

/**
 * The completion marker of a batch folder (the choreography's ManifestMessage, written last, as
 * BatchComplete_<batch>.xml): it lists the message with its hash and says whether the delivery is
 * new, an update or a takedown.
 */
export function batchManifest(input: MessageHeaderInput & { batchId: string; deliveryType: DeliveryType; messageType: 'NewReleaseMessage' | 'PurgeReleaseMessage'; messageUri: string; messageSha256: string; icpn: string }): string {
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<ern:ManifestMessage xmlns:ern="http://ddex.net/xml/ern/43" LanguageAndScriptCode="en" AvsVersionId="4">',
    '<MessageHeader>',
    tag('MessageThreadId', input.threadId),
    tag('MessageId', `${input.messageId}-manifest`),
    partyXml('MessageSender', input.sender),
    ...input.recipients.map((recipient) => partyXml('MessageRecipient', recipient)),
    tag('MessageCreatedDateTime', input.createdAt.toISOString()),
    '</MessageHeader>',
    tag('BatchId', input.batchId),
    '<MessageInBatch>',
    tag('MessageType', input.messageType),
    tag('MessageId', input.messageId),
    tag('URL', input.messageUri),
    `<IncludedReleaseId>${tag('ICPN', input.icpn)}</IncludedReleaseId>`,
    tag('DeliveryType', input.deliveryType),
    `<HashSum>${tag('Algorithm', 'SHA256')}${tag('HashSumValue', input.messageSha256)}</HashSum>`,
    '</MessageInBatch>',
    '</ern:ManifestMessage>',
    '',
  ].join('\n');
}
