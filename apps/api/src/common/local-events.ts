import { Logger } from '@nestjs/common';

type Listener<Event> = (event: Event) => Promise<void> | void;

/**
 * What a module tells listeners in other modules, on this node, in order (federation hears of reviews and accounts
 * this way without the writers depending on it). A listener's failure is logged and never fails the writer: the
 * change is made; telling others of it is not the change.
 */
export class LocalEvents<Events extends Record<string, unknown>> {
  private readonly logger: Logger;
  private readonly listeners = new Map<keyof Events, Array<Listener<never>>>();

  constructor(name: string) {
    this.logger = new Logger(name);
  }

  on<K extends keyof Events>(kind: K, listener: Listener<Events[K]>): void {
    this.listeners.set(kind, [...(this.listeners.get(kind) ?? []), listener as Listener<never>]);
  }

  async emit<K extends keyof Events>(kind: K, event: Events[K]): Promise<void> {
    for (const listener of (this.listeners.get(kind) ?? []) as Array<Listener<Events[K]>>) {
      try {
        await listener(event);
      } catch (error) {
        this.logger.error(`A listener of ${String(kind)} failed: ${(error as Error).message}`);
      }
    }
  }
}
