import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cupPhoto, freePort, postJson, reviewUpload, sleep, slowRequest, waitForOk } from './http';
import { ensureTools, podman, podmanAsync, podmanEnv, run, runLogged } from './podman';
import { ensureStandInBase, OFFICIAL_BASE, tempWorkDir } from './stand-in-base';

/**
 * Builds the project's Dockerfile, unchanged, on a local stand-in for its base image, and runs it as a self-hoster
 * would: `run -d` with a volume, a restart and an upgrade, a stop, a read-only root, and compose.yaml.
 */
const REPO = path.resolve(__dirname, '..', '..', '..');
const VERSION = JSON.parse(fs.readFileSync(path.join(REPO, 'apps/api/package.json'), 'utf8')).version as string;
const run_id = `${process.pid}`;
const IMAGE = `localhost/siplog:test-${run_id}`;
const MB = 1024 * 1024;

const log = (line: string) => console.log(`[image] ${line}`);
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

describe('the container image (Dockerfile and compose.yaml)', () => {
  let workDir: string;
  const containers: string[] = [];
  const volumes: string[] = [];
  let composeProject: string | null = null;

  const logsOf = (name: string) => () => {
    try {
      return run('podman', ['logs', '--tail', '40', name]);
    } catch (error) {
      return String(error);
    }
  };

  /** `podman run -d` as the README says, on 127.0.0.1 and a free port; answers the address and the time to ready. */
  async function start(name: string, volume: string, extra: string[] = []): Promise<{ base: string; readyMs: number }> {
    const port = await freePort();
    if (!containers.includes(name)) containers.push(name);
    if (!volumes.includes(volume)) volumes.push(volume);
    const started = Date.now();
    podman('run', '--detach', '--name', name, '--publish', `127.0.0.1:${port}:3000`, '--volume', `${volume}:/data`, ...extra, IMAGE);
    const base = `http://127.0.0.1:${port}`;
    await waitForOk(`${base}/api/health/ready`, 60_000, logsOf(name));
    return { base, readyMs: Date.now() - started };
  }

  const outboxOf = (volume: string) => path.join(podman('volume', 'inspect', '--format', '{{.Mountpoint}}', volume), 'outbox');

  /** Joins through the real flow: a code by e-mail (read from the outbox in the volume), then registration. */
  async function signUp(base: string, volume: string, username: string): Promise<{ email: string; password: string; token: string }> {
    const email = `${username}@example.com`;
    const password = 'Secret12';
    expect((await postJson(base, '/api/user/getemailverificationcode', { email })).status).toBe(200);
    const outbox = outboxOf(volume);
    const mail = fs
      .readdirSync(outbox)
      .sort()
      .reverse()
      .map((file) => fs.readFileSync(path.join(outbox, file), 'utf8'))
      .find((text) => text.includes(`To: ${email}`));
    const code = mail?.match(/code is: ([A-Za-z0-9]+)/)?.[1];
    expect(code, `no join code mailed to ${email}`).toBeTruthy();
    const registered = await postJson(base, '/api/user/registeruser', {
      email,
      verificationcode: code,
      password,
      firstname: 'Ada',
      lastname: username,
      userid: username,
      phonenumber: '512-555-0100',
      zipcode: '78701',
    });
    expect(registered.status, JSON.stringify(registered.body)).toBe(200);
    return { email, password, token: registered.body.user.token };
  }

  async function signIn(base: string, account: { email: string; password: string }): Promise<string> {
    const login = await postJson(base, '/api/user/authenticateuser', { email: account.email, password: account.password });
    expect(login.status, JSON.stringify(login.body)).toBe(200);
    return login.body.token as string;
  }

  /** The uid of the Node process: tini is the container's PID 1, Node its only child. */
  function nodeUid(name: string): number {
    const tini = podman('inspect', '--format', '{{.State.Pid}}', name);
    const child = fs.readFileSync(`/proc/${tini}/task/${tini}/children`, 'utf8').trim().split(/\s+/)[0];
    expect(fs.readFileSync(`/proc/${child}/cmdline`, 'utf8').split('\0')[0]).toBe('node');
    return Number(fs.readFileSync(`/proc/${child}/status`, 'utf8').match(/^Uid:\s+(\d+)/m)![1]);
  }

  beforeAll(async () => {
    ensureTools();
    workDir = tempWorkDir();
    let started = Date.now();
    await ensureStandInBase(workDir);
    log(`base ready in ${seconds(Date.now() - started)}`);
    started = Date.now();
    let source = `file://${REPO}`;
    try {
      source = run('git', ['-C', REPO, 'remote', 'get-url', 'origin']).trim() || source;
    } catch {
      // A clone without a remote names its folder.
    }
    await runLogged(
      // Docker's format keeps HEALTHCHECK; no intermediate images are kept (the pnpm store is a cache mount).
      ['build', '--format', 'docker', '--layers=false', '--build-arg', `VERSION=${VERSION}`, '--build-arg', `SOURCE_URL=${source}`, '--tag', IMAGE, REPO],
      path.join(workDir, 'build.log'),
    );
    log(`image built in ${seconds(Date.now() - started)}`);
  });

  afterAll(() => {
    if (composeProject) {
      try {
        run('podman-compose', ['--project-name', composeProject, '--file', path.join(REPO, 'compose.yaml'), 'down', '--volumes'], { cwd: REPO });
      } catch (error) {
        console.error(String(error));
      }
      // Whatever `down` left (a container still restarting, its named volume) goes too.
      const left = run('podman', ['ps', '--all', '--quiet', '--filter', `label=io.podman.compose.project=${composeProject}`]).split('\n').filter(Boolean);
      if (left.length > 0) run('podman', ['rm', '--force', '--time', '0', ...left]);
      run('podman', ['volume', 'rm', '--force', `${composeProject}_siplog-data`]);
    }
    for (const name of containers) run('podman', ['rm', '--force', '--time', '0', '--ignore', name]);
    for (const volume of volumes) run('podman', ['volume', 'rm', '--force', volume]);
    run('podman', ['rmi', '--force', '--ignore', IMAGE]);
    if (workDir) fs.rmSync(workDir, { recursive: true, force: true });
  });

  it('is labelled, runs Node as the non-root node user under tini, keeps /data as a volume, and says its size', () => {
    const config = JSON.parse(podman('image', 'inspect', IMAGE))[0];
    const labels = config.Labels ?? config.Config.Labels;
    expect(labels['org.opencontainers.image.version']).toBe(VERSION);
    expect(labels['org.opencontainers.image.licenses']).toBe('UNLICENSED');
    expect(labels['org.opencontainers.image.source']).toMatch(/\S/);
    expect(config.Config.User).toBe('node');
    expect(config.Config.Entrypoint).toEqual(['/usr/bin/tini', '--']);
    expect(Object.keys(config.Config.ExposedPorts)).toEqual(['3000/tcp']);
    expect(Object.keys(config.Config.Volumes)).toEqual(['/data']);
    // Podman keeps the health check beside Config, Docker inside it.
    expect((config.Healthcheck ?? config.Config.Healthcheck).Test.join(' ')).toContain('/api/health/ready');
    expect(config.Config.Env).toEqual(expect.arrayContaining(['DATA_DIR=/data', 'NODE_ENV=production']));

    // Only what runs: no sources, no build toolchain, no dev dependencies.
    const listing = run('podman', ['run', '--rm', '--entrypoint', 'sh', IMAGE, '-c',
      'ls /app/apps/api /app/apps/web/dist/index.html; command -v g++ python3 make pnpm || true; ls /app/apps/api/node_modules/.pnpm | grep -c -E "^(vite|vitest|typescript|@vitejs)" || true']);
    expect(listing.split('\n').filter(Boolean)).toEqual(['/app/apps/web/dist/index.html', '/app/apps/api:', 'dist', 'node_modules', 'package.json', '0']);

    const size = Number(podman('image', 'inspect', '--format', '{{.Size}}', IMAGE));
    const base = Number(podman('image', 'inspect', '--format', '{{.Size}}', OFFICIAL_BASE));
    log(`image size ${(size / MB).toFixed(0)} MB: base ${(base / MB).toFixed(0)} MB + Siplog ${((size - base) / MB).toFixed(0)} MB`);
    expect(size - base).toBeLessThan(150 * MB);
  });

  let app: { base: string };
  let ada: { email: string; password: string; token: string };
  let review: { postId: number; image: string };
  let placeId: string;

  it('starts and turns ready and healthy, serves the home page, and runs Node as uid 1000', async () => {
    const started = await start(`siplog-test-${run_id}-a`, `siplog-test-${run_id}-data`, ['--env', 'ADMIN_EMAILS=ada@example.com']);
    app = started;
    log(`run -d to ready: ${seconds(started.readyMs)}`);
    run('podman', ['healthcheck', 'run', `siplog-test-${run_id}-a`]);
    const home = await fetch(`${app.base}/`);
    expect(home.status).toBe(200);
    expect(home.headers.get('content-type')).toContain('text/html');
    expect(await home.text()).toContain('<div id="root"');
    expect(nodeUid(`siplog-test-${run_id}-a`)).toBe(1000);
  });

  it('signs a person up through the outbox in the volume and takes a review with a photo', async () => {
    ada = await signUp(app.base, `siplog-test-${run_id}-data`, 'adacontainer');
    const auth = { Authorization: `Bearer ${ada.token}` };
    const place = await postJson(app.base, '/api/place/addplace', { name: 'Container Coffee', lat: 41.8837, lng: -87.6288 }, auth);
    expect(place.status, JSON.stringify(place.body)).toBe(200);
    placeId = place.body.establishment.place_id;
    const upload = reviewUpload(await cupPhoto(), {
      place_id: placeId,
      establishment_name: 'Container Coffee',
      order: 'Cortado',
      review: 'Poured in a box',
      rating: 5,
      filetype: 'image',
    });
    const posted = await fetch(`${app.base}/api/post/addpostwithimages`, {
      method: 'POST',
      headers: { ...auth, 'Content-Type': upload.contentType },
      body: new Uint8Array(upload.body),
    });
    const body = (await posted.json()) as { post_id: number };
    expect(posted.status, JSON.stringify(body)).toBe(200);
    const loaded = await postJson(app.base, '/api/post/loadpost', { postid: body.post_id });
    expect(loaded.body.post.review).toBe('Poured in a box');
    review = { postId: body.post_id, image: loaded.body.post.images[0] };
    const photo = await fetch(`${app.base}/api/showimage/image/postimages/${review.image}`);
    expect(photo.status).toBe(200);
    expect(photo.headers.get('content-type')).toBe('image/webp');
  });

  async function expectKept(base: string) {
    await signIn(base, ada);
    const loaded = await postJson(base, '/api/post/loadpost', { postid: review.postId });
    expect(loaded.status).toBe(200);
    expect(loaded.body.post.images).toEqual([review.image]);
    expect((await fetch(`${base}/api/showimage/image/postimages/${review.image}`)).status).toBe(200);
  }

  it('keeps everything in the volume across a restart, and across a new container on the same volume (an upgrade)', async () => {
    const restarted = Date.now();
    await podmanAsync('restart', `siplog-test-${run_id}-a`);
    await waitForOk(`${app.base}/api/health/ready`, 60_000, logsOf(`siplog-test-${run_id}-a`));
    log(`restart to ready: ${seconds(Date.now() - restarted)}`);
    await expectKept(app.base);

    await podmanAsync('rm', '--force', `siplog-test-${run_id}-a`);
    app = await start(`siplog-test-${run_id}-b`, `siplog-test-${run_id}-data`);
    await expectKept(app.base);
  });

  it('stops on SIGTERM within 10 s with exit code 0, after answering the request in flight, and refuses new ones', async () => {
    const name = `siplog-test-${run_id}-b`;
    const upload = reviewUpload(await cupPhoto(), {
      place_id: placeId,
      establishment_name: 'Container Coffee',
      order: 'Flat white',
      review: 'Sent while stopping',
      rating: 4,
      filetype: 'image',
    });
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const token = await signIn(app.base, ada);
    const inFlight = slowRequest(
      `${app.base}/api/post/addpostwithimages`,
      { Authorization: `Bearer ${token}`, 'Content-Type': upload.contentType },
      upload.body,
      released,
    );
    await inFlight.sentFirstHalf;
    await sleep(200);

    const stopStarted = Date.now();
    const stopped = new Promise<number>((resolve, reject) => {
      const stop = spawn('podman', ['stop', '--time', '10', name], { env: podmanEnv(), stdio: 'ignore' });
      stop.on('error', reject);
      stop.on('exit', () => resolve(Date.now() - stopStarted));
    });
    // While the stop is under way, a new connection is refused.
    await sleep(500);
    const refused = await fetch(`${app.base}/api/health/ready`, { signal: AbortSignal.timeout(3000) }).then(
      (response) => `answered ${response.status}`,
      () => 'refused',
    );
    release();
    const answer = await inFlight.answer;
    const stopMs = await stopped;
    log(`SIGTERM to exit with a request in flight: ${seconds(stopMs)}`);

    expect(answer, JSON.stringify(answer)).toMatchObject({ status: 200 });
    expect(refused).not.toBe('answered 200');
    expect(stopMs).toBeLessThan(10_000);
    expect(podman('inspect', '--format', '{{.State.ExitCode}}', name)).toBe('0');
    expect(run('podman', ['logs', name])).not.toMatch(/killed|SIGKILL/i);

    // What the request wrote is there after the next start.
    const postId = JSON.parse((answer as { body: string }).body).post_id as number;
    await podmanAsync('start', name);
    await waitForOk(`${app.base}/api/health/ready`, 60_000, logsOf(name));
    expect((await postJson(app.base, '/api/post/loadpost', { postid: postId })).body.post.review).toBe('Sent while stopping');
    podman('stop', '--time', '10', name);
  });

  it('runs with a read-only root filesystem (and federation on): everything it writes is under /data or a tmpfs', async () => {
    const name = `siplog-test-${run_id}-ro`;
    const volume = `siplog-test-${run_id}-ro-data`;
    // With federation on, so the pruned dependencies are proven to load: the actor is found by WebFinger.
    const readOnly = await start(name, volume, ['--read-only', '--env', 'FEDERATION=on', '--env', 'PUBLIC_URL=https://siplog.test']);
    const bea = await signUp(readOnly.base, volume, 'bearo');
    await signIn(readOnly.base, bea);
    const finger = await fetch(`${readOnly.base}/.well-known/webfinger?resource=acct:bearo@siplog.test`);
    expect(finger.status).toBe(200);
    expect(JSON.stringify(await finger.json())).toContain('https://siplog.test/ap/users/');
    expect(run('podman', ['exec', name, 'sh', '-c', 'touch /app/probe 2>&1 || echo refused']).trim()).toMatch(/Read-only file system[\s\S]*refused/);
    podman('stop', '--time', '10', name);
    expect(podman('inspect', '--format', '{{.State.ExitCode}}', name)).toBe('0');
  });

  it('comes up from compose.yaml with its volume, port and settings', async () => {
    composeProject = `siplogtest${run_id}`;
    const port = await freePort();
    const env = { SIPLOG_IMAGE: IMAGE, SIPLOG_PORT: String(port), SUPPORT_EMAIL: 'help@example.com', PUBLIC_URL: `http://127.0.0.1:${port}` };
    const started = Date.now();
    run('podman-compose', ['--project-name', composeProject, '--file', path.join(REPO, 'compose.yaml'), 'up', '--detach'], { cwd: REPO, env });
    const base = `http://127.0.0.1:${port}`;
    await waitForOk(`${base}/api/health/ready`, 60_000, () => run('podman', ['ps', '--all']));
    log(`compose up to ready: ${seconds(Date.now() - started)}`);
    expect((await fetch(`${base}/`)).status).toBe(200);
    const [container] = podman('ps', '--filter', `label=io.podman.compose.project=${composeProject}`, '--format', '{{.Names}}').split('\n');
    const inspected = JSON.parse(podman('inspect', container))[0];
    expect(inspected.HostConfig.ReadonlyRootfs).toBe(true);
    expect(inspected.Config.Env).toEqual(expect.arrayContaining(['SUPPORT_EMAIL=help@example.com', `PUBLIC_URL=http://127.0.0.1:${port}`]));
    expect(inspected.Mounts.map((mount: { Destination: string }) => mount.Destination)).toContain('/data');

    // The README's demo data, loaded into the running container.
    await podmanAsync('exec', container, 'node', 'apps/api/dist/seed/seed-cli.js');
    const feed = await postJson(base, '/api/post/loadrecentposts', { limit: 5, skip: 0 });
    expect(feed.status, JSON.stringify(feed.body)).toBe(200);
    expect(feed.body.posts.length).toBe(5);
  });
});
