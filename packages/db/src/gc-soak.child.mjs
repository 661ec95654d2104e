// The garbage-collection soak's child (gc-soak.spec.ts), run as
// `node --expose-gc --max-semi-space-size=1 gc-soak.child.mjs`: through the package's SQLite Database facade (dist/)
// and better-sqlite3 directly, four interleaved async workers make and drop tens of thousands of prepared statements
// with real reads and writes, while global.gc() runs every GC_EVERY statements and V8 collects on its own in between
// (often: a 1 MB young generation). Then the database is closed, what is left is collected (statements outliving
// their connection) and the process ends by itself, so Node's own teardown runs too. The last line on stdout is a
// JSON summary for the spec to check.
//
// better-sqlite3 before 13 (node::ObjectWrap, whose destructor removes an environment cleanup hook since Node 24.19)
// aborts in such a collection: "Assertion failed: (env) != nullptr" in node::RemoveEnvironmentCleanupHook, from
// Statement::~Statement(). Seen here when V8 collects on its own, on an allocation, while the workers go on in
// microtasks (as a request's awaits do), never in a collection forced by global.gc(), which has a context entered:
// hence V8's own collections, and the workers interleaving at every await rather than once per event-loop turn.
// SOAK_DRIVER runs the same work on another copy of the driver (a folder holding node_modules/better-sqlite3).
import fs from 'node:fs';
import Module, { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { PerformanceObserver, constants } from 'node:perf_hooks';
import { setImmediate as turn, setTimeout as sleep } from 'node:timers/promises';

if (typeof globalThis.gc !== 'function') throw new Error('run with node --expose-gc');
const collect = globalThis.gc;

const require = createRequire(import.meta.url);
if (process.env.SOAK_DRIVER) {
  // The facade's `require('better-sqlite3')` gets the driver under test.
  const driver = createRequire(path.join(path.resolve(process.env.SOAK_DRIVER), 'index.js')).resolve('better-sqlite3');
  const resolve = Module._resolveFilename;
  Module._resolveFilename = function (request, ...rest) {
    return request === 'better-sqlite3' ? driver : resolve.call(this, request, ...rest);
  };
}
/** The driver's version, as the facade loads it. */
const driverVersion = JSON.parse(fs.readFileSync(path.join(path.dirname(require.resolve('better-sqlite3')), '..', 'package.json'), 'utf8')).version;
const { SqliteDatabase, openMigratedDatabase } = require('../dist/index.js');
const { sql } = require('drizzle-orm');

/** Statements each worker makes; WORKERS of them run interleaved. */
const ROUNDS = Number(process.env.SOAK_ROUNDS || 1_500);
const WORKERS = 4;
/** A full collection forced (global.gc()) every this many statements; not more often, so most stay V8's own. */
const GC_EVERY = Number(process.env.SOAK_GC_EVERY || 2_000);

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'siplog-gc-soak-'));
const startedAt = Date.now();
let statements = 0;
let forced = 0;
let written = 0;
/** Every collection of the run, V8's own and forced, by kind (as perf_hooks reports them). */
const collections = { minor: 0, major: 0, other: 0 };
const watch = new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    const kind = entry.detail?.kind;
    if (kind === constants.NODE_PERFORMANCE_GC_MINOR) collections.minor++;
    else if (kind === constants.NODE_PERFORMANCE_GC_MAJOR) collections.major++;
    else collections.other++;
  }
});
watch.observe({ entryTypes: ['gc'] });

function made(count) {
  statements += count;
  if (statements % GC_EVERY < count) {
    collect();
    forced++;
  }
}

const db = new SqliteDatabase(openMigratedDatabase(path.join(dir, 'app.db')));
db.sqlite.exec(`create table soak (id integer primary key, worker integer not null, round integer not null, label text not null);
  create unique index soak_by_round on soak (worker, round)`);

/** One worker: each round prepares new statements (a text of its own, so nothing is reused), writes, reads, drops them. */
async function worker(id) {
  for (let round = 0; round < ROUNDS; round++) {
    const tag = `${id}-${round}`;
    // Through the facade: a statement object of its own, prepared on first use, dropped after.
    const insert = db.statement(`insert into soak (worker, round, label) values (:worker, :round, :label) /* ${tag} */`);
    const changed = await insert.run({ worker: id, round, label: `w${tag}` });
    written += changed;
    const read = db.statement(`select label from soak where worker = :worker and round = :round /* ${tag} */`);
    const row = await read.get({ worker: id, round });
    if (row?.label !== `w${tag}`) throw new Error(`read back ${JSON.stringify(row)} for ${tag}`);
    made(2);
    // The driver directly: a statement iterated (an open cursor) and one left for the collector unfinished.
    const cursor = db.sqlite.prepare(`select id, label from soak where worker = ? order by round desc limit 3 -- ${tag}`);
    for (const found of cursor.iterate(id)) if (!found.label) throw new Error('a row without its label');
    const before = db.sqlite.prepare(`select count(*) from soak where worker = ? and round <= ? -- ${tag}`).pluck().get(id, round);
    if (before !== round + 1) throw new Error(`${before} rows of worker ${id} up to round ${round}`);
    made(2);
    if (round % 10 === 0) {
      // A transaction of Drizzle queries (Drizzle prepares a statement per query) between other workers' turns.
      await db.transaction(async () => {
        await db.orm.run(sql`update soak set label = label || '.' where worker = ${id} and round = ${round}`);
        await db.orm.all(sql`select max(round) from soak where worker = ${id}`);
      });
      made(2);
    }
    // The workers take turns at every await (microtasks); the event loop turns now and then too.
    if (round % 500 === 0) await turn();
  }
}

await Promise.all(Array.from({ length: WORKERS }, (_, id) => worker(id)));

const rows = db.sqlite.prepare('select count(*) from soak').pluck().get();
const touched = db.sqlite.prepare("select count(*) from soak where label like '%.'").pluck().get();
made(2);
await db.close();
// Statements whose connection is closed, collected now; the observer's last entries arrive on a later turn.
collect();
forced++;
await sleep(20);
watch.disconnect();
fs.rmSync(dir, { recursive: true, force: true });
const summary = { driver: driverVersion, node: process.version, statements, written, rows, touched, forced, collections, ms: Date.now() - startedAt };
process.stdout.write(`${JSON.stringify(summary)}\n`);
