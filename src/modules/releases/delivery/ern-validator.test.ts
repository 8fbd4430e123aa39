import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { newReleaseMessage, purgeReleaseMessage } from './ddex-message.js';
import { validateErnMessage } from './ern-validator.js';
import { releaseMessageInput as input } from './testing/release-message-input.js';
import { childrenNamed, parseXml, pathOf, textAt } from './xml-tree.js';

// jsdom ships no types of its own: the one constructor used here, typed by hand.
const { JSDOM } = createRequire(import.meta.url)('jsdom') as { JSDOM: new (html: string) => { window: { DOMParser: typeof DOMParser } } };

/**
 * Well-formedness as an XML parser independent of ours sees it (jsdom's, from the browser
 * standard): a document that is not well-formed parses to one holding a parsererror element.
 */
function isWellFormed(xml: string): boolean {
  const document = new new JSDOM('').window.DOMParser().parseFromString(xml, 'application/xml');
  return document.getElementsByTagName('parsererror').length === 0;
}

const rulesOf = (xml: string) => validateErnMessage(xml).map((problem) => problem.rule);

describe('the ERN 4.3 message and its validator', () => {
  it('when a release message is built, then it passes the validator, is well-formed for an independent parser, and parses back to what went in', () => {
    const xml = newReleaseMessage(input());
    expect(validateErnMessage(xml)).toEqual([]);
    expect(isWellFormed(xml)).toBe(true);
    // The same check finds a message broken by one unclosed element, and one with a bare ampersand: it can fail.
    expect(isWellFormed(xml.replace('</ICPN>', ''))).toBe(false);
    expect(isWellFormed(xml.replace('Rock &amp; &lt;Roll&gt;', 'Rock & <Roll>'))).toBe(false);

    const root = parseXml(xml);
    expect(root).toMatchObject({ name: 'ern:NewReleaseMessage', attributes: { 'xmlns:ern': 'http://ddex.net/xml/ern/43', AvsVersionId: '4', LanguageAndScriptCode: 'en' } });
    expect(textAt(root, 'MessageHeader/MessageSender/PartyId')).toBe('PADPIDA2026112701M');
    expect(textAt(root, 'MessageHeader/MessageRecipient/PartyId')).toBe('PADPIDA2007040502I');
    const recordings = childrenNamed(pathOf(root, 'ResourceList'), 'SoundRecording');
    expect(recordings.map((r) => textAt(r, 'SoundRecordingEdition/ResourceId/ISRC'))).toEqual(['DEMDK2600001', 'DEMDK2600002']);
    expect(textAt(recordings[0], 'WorkId/ISWC')).toBe('T0345246801');
    expect(textAt(recordings[0], 'Duration')).toBe('PT3M5.500S');
    const release = pathOf(root, 'ReleaseList/Release');
    expect(textAt(release, 'DisplayTitleText')).toBe('Rock & <Roll>');
    expect(textAt(release, 'ReleaseId/ICPN')).toBe('4006381333931');
    expect(childrenNamed(pathOf(release, 'ResourceGroup'), 'ResourceGroupContentItem').map((item) => textAt(item, 'ReleaseResourceReference'))).toEqual(['A1', 'A2']);
    const terms = pathOf(root, 'DealList/ReleaseDeal/Deal/DealTerms');
    expect(childrenNamed(terms, 'TerritoryCode').map((t) => t.text)).toEqual(['Worldwide']);
    expect(textAt(terms, 'ValidityPeriod/StartDate')).toBe('2027-01-01');
    expect(childrenNamed(terms, 'CommercialModelType').length).toBeGreaterThan(0);
    expect(childrenNamed(terms, 'UseType').map((t) => t.text)).toContain('OnDemandStream');
  });

  it('when the sender has no party id, then the validator refuses the message with a party id problem', () => {
    const xml = newReleaseMessage({ ...input(), sender: { partyId: '', name: 'Masterdeck Distribution' } });
    expect(validateErnMessage(xml)).toEqual([expect.objectContaining({ rule: 'partyId', at: 'MessageHeader/MessageSender/PartyId' })]);
    expect(rulesOf(newReleaseMessage({ ...input(), recipients: [{ partyId: 'store-1', name: 'Spotify' }] }))).toEqual(['partyId']);
    expect(rulesOf(newReleaseMessage({ ...input(), recipients: [] }))).toEqual(['required']);
  });

  it('when a track list points at a resource that is not in the message, then the validator refuses the unresolved reference', () => {
    const xml = newReleaseMessage(input()).replace('<ReleaseResourceReference>A2</ReleaseResourceReference>', '<ReleaseResourceReference>A9</ReleaseResourceReference>');
    expect(validateErnMessage(xml)).toEqual([expect.objectContaining({ rule: 'reference', detail: 'no SoundRecording A9' })]);
    const label = newReleaseMessage(input()).replace(/<ReleaseLabelReference>P\d+<\/ReleaseLabelReference>/, '<ReleaseLabelReference>P77</ReleaseLabelReference>');
    expect(rulesOf(label)).toEqual(['reference']);
  });

  it('when an ISRC, an ISWC or the ICPN has the wrong form, then the validator refuses each', () => {
    const tracks = input().tracks;
    expect(validateErnMessage(newReleaseMessage({ ...input(), tracks: [{ ...tracks[0]!, isrc: 'DE-MDK-26-00001' }, tracks[1]!] }))).toEqual([
      expect.objectContaining({ rule: 'isrc', at: 'ResourceList/SoundRecording[1]/SoundRecordingEdition/ResourceId/ISRC' }),
    ]);
    expect(rulesOf(newReleaseMessage({ ...input(), tracks: [{ ...tracks[0]!, isrc: 'DEMDK260001' }, tracks[1]!] }))).toEqual(['isrc']);
    expect(rulesOf(newReleaseMessage({ ...input(), tracks: [{ ...tracks[0]!, iswc: 'T0345246802' }, tracks[1]!] }))).toEqual(['iswc']);
    expect(rulesOf(newReleaseMessage({ ...input(), release: { ...input().release, icpn: '4006381333932' } }))).toEqual(['icpn']);
  });

  it('when a deal has both territory and excluded territory codes, or none, then the validator asks for one territory rule', () => {
    const both = newReleaseMessage(input()).replace('<TerritoryCode>Worldwide</TerritoryCode>', '<TerritoryCode>DE</TerritoryCode><ExcludedTerritoryCode>AT</ExcludedTerritoryCode>');
    expect(rulesOf(both)).toEqual(['territory']);
    const none = newReleaseMessage(input()).replace('<TerritoryCode>Worldwide</TerritoryCode>', '');
    expect(rulesOf(none)).toEqual(['territory']);
    const noStart = newReleaseMessage({ ...input(), deals: [{ startDate: '' }] });
    expect(rulesOf(noStart)).toEqual(['date']);
  });

  it('when a message is not well-formed or declares a DOCTYPE, then it is refused before any rule is read', () => {
    expect(rulesOf(newReleaseMessage(input()).replace('</PartyList>', ''))).toEqual(['wellFormed']);
    expect(rulesOf('<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><x>&e;</x>')).toEqual(['wellFormed']);
  });

  it('when a takedown is built, then the purge message passes the validator and names the release by its ICPN', () => {
    const { messageId, threadId, createdAt, sender, recipients } = input();
    const xml = purgeReleaseMessage({ messageId, threadId, createdAt, sender, recipients, icpn: '4006381333931', title: 'Rock' });
    expect(validateErnMessage(xml)).toEqual([]);
    expect(isWellFormed(xml)).toBe(true);
    expect(textAt(parseXml(xml), 'PurgedRelease/ReleaseId/ICPN')).toBe('4006381333931');
  });
});
