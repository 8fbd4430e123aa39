import express from 'express';
import type { Platform, ServiceContext } from '../../platform/context.js';
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
import * as distribution from './distribution.service.js';
import { cancelSubscription, distributionPlan, distributionSubscription, resumeSubscription, setSubscriptionCard, subscribe } from './subscription.service.js';

const body = (req: express.Request) => (req.body ?? {}) as Record<string, unknown>;

/** The distribution plan and subscription under /api/payment, the add-on's calls under /api/distribution. */
export function distributionRest(platform: Platform) {
  const router = express.Router();
  const ctx = (req: express.Request) => contextOfRequest(platform, req);
  /** A call that takes no input: the service's answer as JSON. */
  const answer = (service: (ctx: ServiceContext) => unknown) => async (req: express.Request, res: express.Response) => {
    res.json(await service(ctx(req)));
  };

  router.get('/payment/distribution_plan', answer(distributionPlan));
  router.post('/payment/distribution_subscribe', async (req, res) => {
    // The public API's clients send the nonce as "payment nonce"; accept its usual spellings.
    const raw = body(req);
    const input = parseInput(ZSubscribeInput, { planId: raw.planId, nonce: raw.nonce ?? raw.paymentMethodNonce ?? raw.paymentNonce });
    res.json(await subscribe(ctx(req), input));
  });
  router.get('/payment/distribution_subscription', answer(distributionSubscription));
  router.post('/payment/distribution_cancel', answer(cancelSubscription));
  router.post('/payment/distribution_resume', answer(resumeSubscription));
  router.put('/payment/distribution_payment_method', async (req, res) => {
    res.json(await setSubscriptionCard(ctx(req), parseInput(ZSetSubscriptionCardInput, body(req))));
  });

  router.post('/distribution/setup', async (req, res) => {
    res.json(await distribution.setupDistribution(ctx(req), parseInput(ZSetupInput, body(req))));
  });
  router.get('/distribution/artists', answer(distribution.listArtists));
  router.post('/distribution/artists', async (req, res) => {
    res.status(201).json(await distribution.createArtist(ctx(req), parseInput(ZCreateArtistInput, body(req))));
  });
  router.put('/distribution/artists/:id', async (req, res) => {
    res.json(await distribution.renameArtist(ctx(req), parseInput(ZRenameArtistInput, { ...body(req), id: req.params.id })));
  });
  router.get('/distribution/participants', answer(distribution.listParticipants));
  router.get('/distribution/participants/:id', async (req, res) => {
    res.json(await distribution.getParticipant(ctx(req), parseInput(ZIdInput, { id: req.params.id })));
  });
  router.post('/distribution/participants', async (req, res) => {
    res.status(201).json(await distribution.createParticipant(ctx(req), parseInput(ZParticipantInput, body(req))));
  });
  router.put('/distribution/participants/:id', async (req, res) => {
    res.json(await distribution.updateParticipant(ctx(req), parseInput(ZUpdateParticipantInput, { ...body(req), id: req.params.id })));
  });
  router.put('/distribution/labels/:labelId', async (req, res) => {
    res.json(await distribution.renameLabel(ctx(req), parseInput(ZRenameLabelInput, { ...body(req), labelId: req.params.labelId })));
  });
  router.get('/distribution/utilities', answer(distribution.utilities));
  router.get('/distribution/meta-info', answer(distribution.metaInfo));
  router.get('/distribution/outlets', answer(distribution.outlets));
  return router;
}
