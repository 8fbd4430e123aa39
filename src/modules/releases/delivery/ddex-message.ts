/**
 * A release message in the shape of a DDEX ERN 4 NewReleaseMessage (notes/distribution-facts.md,
 * "The delivery message"; namespace http://ddex.net/xml/ern/43): MessageHeader, PartyList,
 * ResourceList (one SoundRecording per track with its ISRC, duration and the delivered file's
 * SHA-256, and the front cover Image), ReleaseList (the Release with its ICPN and ordered track list)
 * and DealList (one ReleaseDeal per store with its start date). A pure function of its input.
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

export interface ReleaseMessageInput {
  messageId: string;
  createdAt: Date;
  sender: { partyId: string; name: string };
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
  deals: { storeId: number; storeName: string; startDate: string }[];
}

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
        `<DistributionChannel>${tag('PartyId', `store-${deal.storeId}`)}<PartyName>${tag('FullName', deal.storeName)}</PartyName></DistributionChannel>`,
        tag('TerritoryCode', 'Worldwide'),
        `<ValidityPeriod>${tag('StartDate', deal.startDate)}</ValidityPeriod>`,
        tag('CommercialModelType', 'SubscriptionModel'),
        tag('CommercialModelType', 'AdvertisementSupportedModel'),
        tag('CommercialModelType', 'PayAsYouGoModel'),
        tag('UseType', 'Stream'),
        tag('UseType', 'PermanentDownload'),
        '</DealTerms></Deal>',
        '</ReleaseDeal>',
      ].join(''),
    )
    .join('');

  const partyList = [...parties.entries()].map(([name, reference]) => `<Party>${tag('PartyReference', reference)}<PartyName>${tag('FullName', name)}</PartyName></Party>`).join('');
  const recipients = input.deals.map((deal) => `<MessageRecipient>${tag('PartyId', `store-${deal.storeId}`)}<PartyName>${tag('FullName', deal.storeName)}</PartyName></MessageRecipient>`).join('');

  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<ern:NewReleaseMessage xmlns:ern="http://ddex.net/xml/ern/43" LanguageAndScriptCode="en" AvsVersionId="4">',
    '<MessageHeader>',
    tag('MessageId', input.messageId),
    `<MessageSender>${tag('PartyId', input.sender.partyId)}<PartyName>${tag('FullName', input.sender.name)}</PartyName></MessageSender>`,
    recipients,
    tag('MessageCreatedDateTime', input.createdAt.toISOString()),
    tag('MessageControlType', 'LiveMessage'),
    '</MessageHeader>',
    `<PartyList>${partyList}</PartyList>`,
    `<ResourceList>${recordings.join('')}${image}</ResourceList>`,
    `<ReleaseList>${release}</ReleaseList>`,
    `<DealList>${deals}</DealList>`,
    '</ern:NewReleaseMessage>',
    '',
  ].join('\n');
}
