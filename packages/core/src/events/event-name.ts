/**
 * The name of a new Event (client-go's `util.GenerateEventName`): `<object name>.<time in
 * nanoseconds, hex>`, or a random UUID when that is no valid DNS subdomain (a long or
 * upper-case object name). The nanoseconds only ever increase within a process, so two
 * Events about one object never collide.
 * @module
 */

const dnsSubdomain = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/;
let last = 0n;

function unixNano(): bigint {
  const now = BigInt(Math.round((performance.timeOrigin + performance.now()) * 1e6));
  last = now > last ? now : last + 1n;
  return last;
}

export function eventName(objectName: string | undefined): string {
  const name = `${objectName ?? ''}.${unixNano().toString(16)}`;
  if (name.length <= 253 && dnsSubdomain.test(name)) return name;
  return process.getBuiltinModule('node:crypto').randomUUID();
}
