/**
 * Best orders (issue 19) on the feed bench's 1,000,000 reviews: the place's reviews read by the prepared statement the
 * API uses, grouped and ranked as the API does, for the places nearest 500 reviews and for the busiest place. Service
 * level (no HTTP); printed, never asserted.
 */
import { openDatabase, SqliteDatabase } from '@siplog/db';
import { bestOrders } from '../modules/place/best-orders';
import { PlaceListsRepository } from '../modules/place/place-lists.repository';
import { measureAsync, printSamples, type Sample } from './measure';

export async function benchBestOrders(file: string): Promise<void> {
  const db = openDatabase(file);
  try {
    const repository = new PlaceListsRepository(new SqliteDatabase(db));
    const sqlite = db.$client;
    const near500 = sqlite
      .prepare('select id, post_count as posts from establishments order by abs(post_count - 500), id limit 20')
      .all() as Array<{ id: number; posts: number }>;
    const busiest = sqlite.prepare('select id, post_count as posts from establishments order by post_count desc limit 1').get() as { id: number; posts: number };
    const run = (id: number) => repository.orders(id).then(bestOrders);
    const groups = (await Promise.all(near500.map((place) => run(place.id)))).map((orders) => orders.length);
    const samples: Sample[] = [
      await measureAsync(`bestorders, 20 places of ${Math.min(...near500.map((p) => p.posts))}-${Math.max(...near500.map((p) => p.posts))} reviews`, 1000, (i) =>
        run(near500[i % near500.length].id),
      ),
      await measureAsync(`bestorders, the busiest place (${busiest.posts.toLocaleString('en-US')} reviews)`, 200, () => run(busiest.id)),
    ];
    console.log(`best orders: ${Math.min(...groups)}-${Math.max(...groups)} orders listed per place of about 500 reviews (budget: 5 ms at 500 reviews)`);
    printSamples(samples);
  } finally {
    db.$client.close();
  }
}
