import type { webcrypto } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { exportJwk, generateCryptoKeyPair, importJwk, type Context } from '@fedify/fedify';
import { Application, Endpoints } from '@fedify/fedify/vocab';
import { FederationInstanceKeysRepository } from './federation-instance-keys.repository';

/** The instance's own actor's identifier: /ap/users/instance. Not digits, so it can never be a person's id. */
export const INSTANCE_ACTOR = 'instance';

/** RSA for HTTP Signatures (what Mastodon checks), Ed25519 for Object Integrity Proofs, as for people. */
const KEY_ALGORITHMS = ['RSASSA-PKCS1-v1_5', 'Ed25519'] as const;

/**
 * The server itself as an ActivityPub `Application` (issue 30): what sends a report on to another server (a Flag),
 * as Mastodon does from its instance actor, so the reporter is never named there. Its keys are made on first use and
 * kept in the database, so every node signs alike.
 */
@Injectable()
export class FederationInstanceActor {
  constructor(private readonly keys: FederationInstanceKeysRepository) {}

  async actor(ctx: Context<void>, origin: string): Promise<Application> {
    const pairs = await ctx.getActorKeyPairs(INSTANCE_ACTOR);
    const host = new URL(origin).host;
    return new Application({
      id: ctx.getActorUri(INSTANCE_ACTOR),
      preferredUsername: host,
      name: host,
      url: new URL('/', origin),
      inbox: ctx.getInboxUri(INSTANCE_ACTOR),
      outbox: ctx.getOutboxUri(INSTANCE_ACTOR),
      endpoints: new Endpoints({ sharedInbox: ctx.getInboxUri() }),
      manuallyApprovesFollowers: true,
      publicKey: pairs[0]?.cryptographicKey ?? null,
      assertionMethods: pairs.map((pair) => pair.multikey),
    });
  }

  async keyPairs(): Promise<webcrypto.CryptoKeyPair[]> {
    let stored = await this.keys.find();
    const missing = KEY_ALGORITHMS.filter((algorithm) => !stored.some((pair) => pair.algorithm === algorithm));
    if (missing.length > 0) {
      for (const algorithm of missing) {
        const pair = await generateCryptoKeyPair(algorithm);
        await this.keys.keep({ algorithm, publicJwk: JSON.stringify(await exportJwk(pair.publicKey)), privateJwk: JSON.stringify(await exportJwk(pair.privateKey)) });
      }
      stored = await this.keys.find();
    }
    const ordered = KEY_ALGORITHMS.map((algorithm) => stored.find((pair) => pair.algorithm === algorithm)).filter((pair) => pair !== undefined);
    return Promise.all(
      ordered.map(async (pair) => ({
        publicKey: await importJwk(JSON.parse(pair.publicJwk) as webcrypto.JsonWebKey, 'public'),
        privateKey: await importJwk(JSON.parse(pair.privateJwk) as webcrypto.JsonWebKey, 'private'),
      })),
    );
  }
}
