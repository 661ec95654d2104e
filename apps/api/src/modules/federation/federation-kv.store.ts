import type { KvKey, KvStore, KvStoreListEntry, KvStoreSetOptions } from '@fedify/fedify';
import type { FederationRepository } from './federation.repository';

/** A key's text: its parts as a JSON array, so a prefix of parts is a prefix of text (less the closing bracket). */
const keyText = (key: KvKey) => JSON.stringify(key);

/**
 * Fedify's key-value store over the app's database (both engines, shared by the nodes): what Fedify remembers
 * (remote documents, public keys, idempotence marks) survives a restart and is the same on every node.
 */
export class DatabaseKvStore implements KvStore {
  constructor(private readonly repository: FederationRepository) {}

  async get<T = unknown>(key: KvKey): Promise<T | undefined> {
    const value = await this.repository.kvGet(keyText(key), Date.now());
    return value === undefined ? undefined : (JSON.parse(value) as T);
  }

  async set(key: KvKey, value: unknown, options?: KvStoreSetOptions): Promise<void> {
    const expiresAt = options?.ttl ? Date.now() + options.ttl.total({ unit: 'millisecond' }) : null;
    await this.repository.kvSet(keyText(key), JSON.stringify(value), expiresAt);
  }

  async delete(key: KvKey): Promise<void> {
    await this.repository.kvDelete(keyText(key));
  }

  async *list(prefix?: KvKey): AsyncIterable<KvStoreListEntry> {
    const text = prefix ? keyText(prefix).slice(0, -1) : '[';
    for (const row of await this.repository.kvList(text, Date.now())) {
      const key = JSON.parse(row.key) as KvKey;
      // '["a"' is also the start of '["ab"]': keep only keys whose parts begin with the prefix's parts.
      if (prefix && !prefix.every((part, index) => key[index] === part)) continue;
      yield { key, value: JSON.parse(row.value) as unknown };
    }
  }
}
