// Preloaded (node --import) into a Siplog a federation test starts as a child process: the private network
// federation-network.ts gives the test process, for this process's fetch (Fedify's). SIPLOG_TEST_NETWORK holds
// { caPem, hosts: { hostname: port } }: those names reach 127.0.0.1 at their port, the throw-away CA is trusted,
// and every other name or address is refused before any look-up.
import tls from 'node:tls';
import { Agent, buildConnector, setGlobalDispatcher } from 'undici';

const { caPem, hosts } = JSON.parse(process.env.SIPLOG_TEST_NETWORK ?? '{}');
const connect = buildConnector({ ca: [...tls.rootCertificates, caPem] });
const loopback = (host) => /^127\./.test(host) || host === '::1' || host === '[::1]';

setGlobalDispatcher(
  new Agent({
    connect(options, callback) {
      if (loopback(options.hostname)) return connect(options, callback);
      const port = hosts?.[options.hostname];
      if (port === undefined) {
        const error = Object.assign(new Error(`${options.hostname} is not on the test network`), { code: 'ENOTFOUND' });
        return callback(error, null);
      }
      return connect({ ...options, hostname: '127.0.0.1', port: String(port), servername: options.hostname }, callback);
    },
  }),
);
