/** Whether a bind host or peer address is this machine's loopback (both doors' auth decisions). */
export function isLoopbackHost(host: string): boolean {
  const h = host
    .trim()
    .toLowerCase()
    .replace(/^\[|\]$/g, '');
  return (
    h === 'localhost' || h === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(h) || /^::ffff:127\./.test(h)
  );
}

/**
 * Istio's inbound proxy hands other pods' connections to the app from 127.0.0.6 (::6 on IPv6),
 * its passthrough source: a loopback address that is not the sidecar's own pod speaking (issue 27).
 */
const MESH_INBOUND_SOURCES = new Set(['127.0.0.6', '::ffff:127.0.0.6', '::6']);

/** A peer in the sidecar's own pod: loopback, but not a mesh proxy relaying another pod. */
export function isOwnPodPeer(address: string | undefined): boolean {
  return address !== undefined && !MESH_INBOUND_SOURCES.has(address) && isLoopbackHost(address);
}
