import express from 'express';
import type { Platform } from '../../platform/context.js';
import { contextOfRequest } from '../../platform/http/request-context.js';
import { parseInput } from '../../platform/validation.js';
import {
  ZCreateArtistInput,
  ZIdInput,
  ZParticipantInput,
  ZRenameArtistInput,
  ZRenameLabelInput,
  ZSetSubscriptionCardInput,
  ZSetupInput,
  ZSubscribeInput,
  ZUpdateParticipantInput,
} from './distribution.schemas.js';
import {
  createArtist,
  createParticipant,
  getParticipant,
  listArtists,
  listParticipants,
  metaInfo,
  outlets,
  renameArtist,
  renameLabel,
  setupDistribution,
  updateParticipant,
  utilities,
} from './distribution.service.js';
import { cancelSubscription, distributionPlan, distributionSubscription, resumeSubscription, setSubscriptionCard, subscribe } from './subscription.service.js';

const body = (req: express.Request) => (req.body ?? {}) as Record<string, unknown>;

/** The distribution plan and subscription under /api/payment, the add-on's calls under /api/distribution. */
export function distributionRest(platform: Platform) {
  const router = express.Router();
  const ctx = (req: express.Request) => contextOfRequest(platform, req);

  router.get('/payment/distribution_plan', async (req, res) => {
    res.json(distributionPlan(ctx(req)));
  });
  router.post('/payment/distribution_subscribe', async (req, res) => {
    // The public API's clients send the nonce as "payment nonce"; accept its usual spellings.
    const raw = body(req);
    const input = parseInput(ZSubscribeInput, { planId: raw.planId, nonce: raw.nonce ?? raw.paymentMethodNonce ?? raw.paymentNonce });
    res.json(await subscribe(ctx(req), input));
  });
  router.get('/payment/distribution_subscription', async (req, res) => {
    res.json(await distributionSubscription(ctx(req)));
  });
  router.post('/payment/distribution_cancel', async (req, res) => {
    res.json(await cancelSubscription(ctx(req)));
  });
  router.post('/payment/distribution_resume', async (req, res) => {
    res.json(await resumeSubscription(ctx(req)));
  });
  router.put('/payment/distribution_payment_method', async (req, res) => {
    res.json(await setSubscriptionCard(ctx(req), parseInput(ZSetSubscriptionCardInput, body(req))));
  });

  router.post('/distribution/setup', async (req, res) => {
    res.json(await setupDistribution(ctx(req), parseInput(ZSetupInput, body(req))));
  });
  router.get('/distribution/artists', async (req, res) => {
    res.json(await listArtists(ctx(req)));
  });
  router.post('/distribution/artists', async (req, res) => {
    res.status(201).json(await createArtist(ctx(req), parseInput(ZCreateArtistInput, body(req))));
  });
  router.put('/distribution/artists/:id', async (req, res) => {
    res.json(await renameArtist(ctx(req), parseInput(ZRenameArtistInput, { ...body(req), id: req.params.id })));
  });
  router.get('/distribution/participants', async (req, res) => {
    res.json(await listParticipants(ctx(req)));
  });
  router.get('/distribution/participants/:id', async (req, res) => {
    res.json(await getParticipant(ctx(req), parseInput(ZIdInput, { id: req.params.id })));
  });
  router.post('/distribution/participants', async (req, res) => {
    res.status(201).json(await createParticipant(ctx(req), parseInput(ZParticipantInput, body(req))));
  });
  router.put('/distribution/participants/:id', async (req, res) => {
    res.json(await updateParticipant(ctx(req), parseInput(ZUpdateParticipantInput, { ...body(req), id: req.params.id })));
  });
  router.put('/distribution/labels/:labelId', async (req, res) => {
    res.json(await renameLabel(ctx(req), parseInput(ZRenameLabelInput, { ...body(req), labelId: req.params.labelId })));
  });
  router.get('/distribution/utilities', async (req, res) => {
    res.json(await utilities(ctx(req)));
  });
  router.get('/distribution/meta-info', async (req, res) => {
    res.json(await metaInfo(ctx(req)));
  });
  router.get('/distribution/outlets', async (req, res) => {
    res.json(await outlets(ctx(req)));
  });
  return router;
}
