import { isValidIsrc, isValidIswc, isValidProductCode } from '../../distribution/index.js';
import { DEAL_COMMERCIAL_MODELS, DEAL_USE_TYPES, ERN_NAMESPACE } from './ddex-message.js';
import { childrenNamed, parseXml, pathOf, textAt, XmlError, type XmlElement } from './xml-tree.js';

/**
 * The ERN 4.3 rules the product checks on every outgoing message before it is uploaded: the
 * elements 4.3 makes mandatory, references that resolve inside the message (P… parties, A…
 * resources, R… releases), identifier forms (ISRC, ISWC, ICPN as EAN-13/UPC-A, DDEX party ids), and
 * one territory rule per deal (territory codes or excluded territory codes, not both). It is not
 * the DDEX schema; it is the part of it a store's ingestion refuses most often, checked without
 * network or external tools.
 */

export interface ErnProblem {
  /** Where, as a path of element names (`ResourceList/SoundRecording[2]/…`). */
  at: string;
  rule: 'wellFormed' | 'root' | 'required' | 'partyId' | 'reference' | 'duplicateReference' | 'isrc' | 'iswc' | 'icpn' | 'territory' | 'dealTerms' | 'date';
  detail: string;
}

/** A DDEX party id: PADPIDA, ten digits and a check character (e.g. PADPIDA2014021302M). */
export const DPID = /^PADPIDA\d{10}[0-9A-Z]$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;
const DURATION = /^PT(\d+H)?(\d+M)?(\d+(\.\d+)?S)?$/;
const TERRITORY = /^([A-Z]{2}|Worldwide)$/;

export class ErnValidationError extends Error {
  constructor(readonly problems: ErnProblem[]) {
    super(`ERN message refused: ${problems.map((p) => `${p.rule} at ${p.at}: ${p.detail}`).join('; ')}`);
  }
}

export function validateErnMessage(xml: string): ErnProblem[] {
  let root: XmlElement;
  try {
    root = parseXml(xml);
  } catch (error) {
    if (error instanceof XmlError) return [{ at: '/', rule: 'wellFormed', detail: error.message }];
    throw error;
  }
  const problems: ErnProblem[] = [];
  const problem = (at: string, rule: ErnProblem['rule'], detail: string) => problems.push({ at, rule, detail });
  const required = (element: XmlElement | undefined, at: string, path: string) => {
    const value = textAt(element, path);
    if (value === '' && !pathOf(element, path)?.children.length) problem(`${at}/${path}`, 'required', `${path} is missing`);
    return value;
  };

  const prefix = root.name.includes(':') ? root.name.slice(0, root.name.indexOf(':')) : '';
  const namespace = root.attributes[prefix ? `xmlns:${prefix}` : 'xmlns'];
  if (namespace !== ERN_NAMESPACE) problem(root.name, 'root', `namespace must be ${ERN_NAMESPACE}`);
  if (root.local !== 'NewReleaseMessage' && root.local !== 'PurgeReleaseMessage') problem(root.name, 'root', `unexpected message ${root.local}`);
  for (const attribute of ['AvsVersionId', 'LanguageAndScriptCode']) if (!root.attributes[attribute]) problem(root.name, 'required', `the root needs ${attribute}`);

  // MessageHeader
  const header = pathOf(root, 'MessageHeader');
  if (!header) problem('MessageHeader', 'required', 'MessageHeader is missing');
  required(header, 'MessageHeader', 'MessageId');
  required(header, 'MessageHeader', 'MessageThreadId');
  const created = required(header, 'MessageHeader', 'MessageCreatedDateTime');
  if (created && !DATE_TIME.test(created)) problem('MessageHeader/MessageCreatedDateTime', 'date', `not an ISO 8601 date-time: ${created}`);
  const parties = [...childrenNamed(header, 'MessageSender'), ...childrenNamed(header, 'MessageRecipient')];
  if (childrenNamed(header, 'MessageSender').length !== 1) problem('MessageHeader/MessageSender', 'required', 'exactly one MessageSender');
  if (childrenNamed(header, 'MessageRecipient').length === 0) problem('MessageHeader/MessageRecipient', 'required', 'at least one MessageRecipient');
  for (const party of parties) {
    const id = textAt(party, 'PartyId');
    if (!DPID.test(id)) problem(`MessageHeader/${party.local}/PartyId`, 'partyId', id === '' ? 'the DDEX party id is missing' : `not a DDEX party id: ${id}`);
  }

  if (root.local === 'PurgeReleaseMessage') {
    const icpn = textAt(root, 'PurgedRelease/ReleaseId/ICPN');
    if (!isValidProductCode(icpn)) problem('PurgedRelease/ReleaseId/ICPN', 'icpn', `not an EAN-13/UPC-A: ${icpn}`);
    return problems;
  }

  // PartyList
  const partyRefs = new Set<string>();
  const partyList = pathOf(root, 'PartyList');
  if (!partyList) problem('PartyList', 'required', 'PartyList is missing');
  childrenNamed(partyList, 'Party').forEach((party, index) => {
    const at = `PartyList/Party[${index + 1}]`;
    const reference = required(party, at, 'PartyReference');
    if (reference && !/^P[\w-]+$/.test(reference)) problem(`${at}/PartyReference`, 'reference', `a party reference starts with P: ${reference}`);
    if (partyRefs.has(reference)) problem(`${at}/PartyReference`, 'duplicateReference', reference);
    partyRefs.add(reference);
    required(party, at, 'PartyName/FullName');
  });
  const partyRef = (value: string, at: string) => {
    if (!partyRefs.has(value)) problem(at, 'reference', `no party ${value || '(empty)'} in the PartyList`);
  };

  // ResourceList
  const resourceList = pathOf(root, 'ResourceList');
  if (!resourceList) problem('ResourceList', 'required', 'ResourceList is missing');
  const recordings = new Set<string>();
  const resources = new Set<string>();
  const addResource = (element: XmlElement, at: string) => {
    const reference = required(element, at, 'ResourceReference');
    if (reference && !/^A[\w-]+$/.test(reference)) problem(`${at}/ResourceReference`, 'reference', `a resource reference starts with A: ${reference}`);
    if (resources.has(reference)) problem(`${at}/ResourceReference`, 'duplicateReference', reference);
    resources.add(reference);
    return reference;
  };
  const fileOf = (element: XmlElement | undefined, at: string) => {
    required(element, at, 'File/URI');
    const hash = textAt(element, 'File/HashSum/HashSumValue');
    if (!/^[0-9a-f]{64}$/i.test(hash)) problem(`${at}/File/HashSum`, 'required', 'a SHA-256 hash of the file');
  };
  const recordingElements = childrenNamed(resourceList, 'SoundRecording');
  if (recordingElements.length === 0) problem('ResourceList/SoundRecording', 'required', 'at least one SoundRecording');
  recordingElements.forEach((recording, index) => {
    const at = `ResourceList/SoundRecording[${index + 1}]`;
    recordings.add(addResource(recording, at));
    required(recording, at, 'Type');
    const edition = pathOf(recording, 'SoundRecordingEdition');
    if (!edition) problem(`${at}/SoundRecordingEdition`, 'required', 'ERN 4.3 requires the SoundRecordingEdition');
    const isrc = textAt(edition, 'ResourceId/ISRC');
    if (!isValidIsrc(isrc) || isrc !== isrc.toUpperCase() || isrc.includes('-')) problem(`${at}/SoundRecordingEdition/ResourceId/ISRC`, 'isrc', isrc === '' ? 'the ISRC is missing' : `not an ISRC: ${isrc}`);
    const delivery = pathOf(edition, 'TechnicalDetails/DeliveryFile');
    if (!delivery) problem(`${at}/SoundRecordingEdition/TechnicalDetails/DeliveryFile`, 'required', 'the audio file');
    else fileOf(delivery, `${at}/SoundRecordingEdition/TechnicalDetails/DeliveryFile`);
    for (const work of childrenNamed(recording, 'WorkId')) {
      const iswc = textAt(work, 'ISWC');
      if (!isValidIswc(iswc) || !/^T\d{10}$/.test(iswc)) problem(`${at}/WorkId/ISWC`, 'iswc', `not an ISWC: ${iswc}`);
    }
    required(recording, at, 'DisplayTitleText');
    required(recording, at, 'DisplayArtistName');
    const artists = childrenNamed(recording, 'DisplayArtist');
    if (artists.length === 0) problem(`${at}/DisplayArtist`, 'required', 'at least one DisplayArtist');
    for (const artist of artists) partyRef(textAt(artist, 'ArtistPartyReference'), `${at}/DisplayArtist/ArtistPartyReference`);
    for (const contributor of childrenNamed(recording, 'Contributor')) partyRef(textAt(contributor, 'ContributorPartyReference'), `${at}/Contributor/ContributorPartyReference`);
    const duration = required(recording, at, 'Duration');
    if (duration && (!DURATION.test(duration) || duration === 'PT')) problem(`${at}/Duration`, 'date', `not an ISO 8601 duration: ${duration}`);
  });
  childrenNamed(resourceList, 'Image').forEach((image, index) => {
    const at = `ResourceList/Image[${index + 1}]`;
    addResource(image, at);
    const delivery = pathOf(image, 'TechnicalDetails/DeliveryFile');
    if (!delivery) problem(`${at}/TechnicalDetails/DeliveryFile`, 'required', 'the image file');
    else fileOf(delivery, `${at}/TechnicalDetails/DeliveryFile`);
  });

  // ReleaseList
  const releaseRefs = new Set<string>();
  const releaseElements = childrenNamed(pathOf(root, 'ReleaseList'), 'Release');
  if (releaseElements.length === 0) problem('ReleaseList/Release', 'required', 'at least one Release');
  releaseElements.forEach((release, index) => {
    const at = `ReleaseList/Release[${index + 1}]`;
    const reference = required(release, at, 'ReleaseReference');
    if (reference && !/^R[\w-]+$/.test(reference)) problem(`${at}/ReleaseReference`, 'reference', `a release reference starts with R: ${reference}`);
    releaseRefs.add(reference);
    required(release, at, 'ReleaseType');
    const icpn = textAt(release, 'ReleaseId/ICPN');
    if (!isValidProductCode(icpn)) problem(`${at}/ReleaseId/ICPN`, 'icpn', icpn === '' ? 'the ICPN is missing' : `not an EAN-13/UPC-A: ${icpn}`);
    required(release, at, 'DisplayTitleText');
    required(release, at, 'DisplayArtistName');
    for (const artist of childrenNamed(release, 'DisplayArtist')) partyRef(textAt(artist, 'ArtistPartyReference'), `${at}/DisplayArtist/ArtistPartyReference`);
    partyRef(required(release, at, 'ReleaseLabelReference'), `${at}/ReleaseLabelReference`);
    const items = childrenNamed(pathOf(release, 'ResourceGroup'), 'ResourceGroupContentItem');
    if (items.length === 0) problem(`${at}/ResourceGroup`, 'required', 'the track list');
    for (const item of items) {
      const target = textAt(item, 'ReleaseResourceReference');
      if (!recordings.has(target)) problem(`${at}/ResourceGroup/ResourceGroupContentItem`, 'reference', `no SoundRecording ${target || '(empty)'}`);
    }
    for (const linked of childrenNamed(pathOf(release, 'ResourceGroup'), 'LinkedReleaseResourceReference')) {
      if (!resources.has(linked.text.trim())) problem(`${at}/ResourceGroup/LinkedReleaseResourceReference`, 'reference', `no resource ${linked.text.trim() || '(empty)'}`);
    }
  });

  // DealList
  const deals = childrenNamed(pathOf(root, 'DealList'), 'ReleaseDeal');
  if (deals.length === 0) problem('DealList/ReleaseDeal', 'required', 'at least one ReleaseDeal');
  deals.forEach((deal, index) => {
    const at = `DealList/ReleaseDeal[${index + 1}]`;
    const target = textAt(deal, 'DealReleaseReference');
    if (!releaseRefs.has(target)) problem(`${at}/DealReleaseReference`, 'reference', `no Release ${target || '(empty)'}`);
    const terms = childrenNamed(deal, 'Deal').map((d) => pathOf(d, 'DealTerms'));
    if (terms.length === 0) problem(`${at}/Deal`, 'required', 'at least one Deal with DealTerms');
    terms.forEach((term, termIndex) => {
      const termAt = `${at}/Deal[${termIndex + 1}]/DealTerms`;
      if (!term) return problem(termAt, 'required', 'DealTerms is missing');
      const included = childrenNamed(term, 'TerritoryCode').map((t) => t.text.trim());
      const excluded = childrenNamed(term, 'ExcludedTerritoryCode').map((t) => t.text.trim());
      if ((included.length > 0) === (excluded.length > 0)) problem(termAt, 'territory', 'one territory rule: TerritoryCode or ExcludedTerritoryCode, not both and not none');
      for (const code of [...included, ...excluded]) if (!TERRITORY.test(code)) problem(termAt, 'territory', `not a territory: ${code}`);
      const start = textAt(term, 'ValidityPeriod/StartDate');
      if (!DATE.test(start)) problem(`${termAt}/ValidityPeriod/StartDate`, 'date', start === '' ? 'the validity period needs a start date' : `not a date: ${start}`);
      const models = childrenNamed(term, 'CommercialModelType').map((t) => t.text.trim());
      const uses = childrenNamed(term, 'UseType').map((t) => t.text.trim());
      if (models.length === 0 || models.some((m) => !(DEAL_COMMERCIAL_MODELS as readonly string[]).includes(m) && m !== 'FreeOfChargeModel')) problem(termAt, 'dealTerms', `commercial models: ${models.join(', ') || 'none'}`);
      if (uses.length === 0 || uses.some((u) => !(DEAL_USE_TYPES as readonly string[]).includes(u) && u !== 'NonInteractiveStream' && u !== 'ConditionalDownload')) problem(termAt, 'dealTerms', `use types: ${uses.join(', ') || 'none'}`);
    });
  });
  return problems;
}

/** Throws ErnValidationError unless the message passes every rule. */
export function assertValidErnMessage(xml: string): void {
  const problems = validateErnMessage(xml);
  if (problems.length > 0) throw new ErnValidationError(problems);
}
