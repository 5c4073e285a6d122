/**
 * String `format`s as the API server checks them: kube-openapi's `strfmt.Default` registry
 * (the functions named in apiextensions-apiserver's `formats.go`), ported from Go so that
 * `validate()` gives the server's verdict and not validator.js's. `email` is Go's
 * `net/mail.ParseAddress` (`Ops <ops@example>` is an address), `uri` is
 * `url.ParseRequestURI` (`/x`, `mailto:a`), `uuid*` allow upper case and missing hyphens,
 * `date-time` is RFC 3339 with any fraction, `ipv4` tolerates leading zeros.
 *
 * `FORMAT_CHECKERS` lists the formats ported; `isbn*`, `creditcard`, `rgbcolor` and
 * `duration` are not (govalidator's and Scala's rules): for those `validate()` keeps the
 * class-validator constraint that emitted them. Unknown formats are ignored, as by the server.
 * @module
 */
import { isIPv6 } from 'node:net';

const rxUuid = /^[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}$/i;
const rxUuid3 = /^[0-9a-f]{8}-?[0-9a-f]{4}-?3[0-9a-f]{3}-?[0-9a-f]{4}-?[0-9a-f]{12}$/i;
const rxUuid4 = /^[0-9a-f]{8}-?[0-9a-f]{4}-?4[0-9a-f]{3}-?[89ab][0-9a-f]{3}-?[0-9a-f]{12}$/i;
const rxUuid5 = /^[0-9a-f]{8}-?[0-9a-f]{4}-?5[0-9a-f]{3}-?[89ab][0-9a-f]{3}-?[0-9a-f]{12}$/i;
const rxHostname =
  /^([a-zA-Z0-9\p{S}\p{L}]((-?[a-zA-Z0-9\p{S}\p{L}]{0,62})?)|([a-zA-Z0-9\p{S}\p{L}](([a-zA-Z0-9\-\p{S}\p{L}]{0,61}[a-zA-Z0-9\p{S}\p{L}])?)(\.)){1,}([a-zA-Z\p{L}]){2,63})$/u;
const rxTime = /^([0-9]{2}):([0-9]{2}):([0-9]{2})(.[0-9]+)?(z|([+-][0-9]{2}:[0-9]{2}))$/u;
const rxBase64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=|[A-Za-z0-9+/]{4})$/;
const rxMac =
  /^(?:[0-9a-f]{2}(?:([:-])[0-9a-f]{2}){5}|[0-9a-f]{2}(?:([:-])[0-9a-f]{2}){7}|[0-9a-f]{2}(?:([:-])[0-9a-f]{2}){19}|[0-9a-f]{4}(?:\.[0-9a-f]{4}){2}|[0-9a-f]{4}(?:\.[0-9a-f]{4}){3}|[0-9a-f]{4}(?:\.[0-9a-f]{4}){9})$/i;
const dns1123Label = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/;

/** Go's `time.Parse("2006-01-02", s)`: real calendar days. */
function isDate(s: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
  if (m === null) return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const days = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return month >= 1 && month <= 12 && day >= 1 && day <= days;
}

/** strfmt's `IsDateTime`: a date, `t`, then hh:mm:ss, any fraction, `z` or an offset. */
function isDateTime(s: string): boolean {
  if (s.length < 4) return false;
  const [date, time] = s.toLowerCase().split('t');
  if (date === undefined || time === undefined || !isDate(date)) return false;
  const m = rxTime.exec(time);
  return m !== null && (m[1] ?? '') <= '23' && (m[2] ?? '') <= '59' && (m[3] ?? '') <= '59';
}

/** netutils.ParseIPSloppy plus "contains a dot": leading zeros allowed, IPv4-in-IPv6 too. */
function isIPv4(s: string): boolean {
  if (!s.includes('.')) return false;
  const quad = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(s);
  if (quad !== null) return quad.slice(1).every((p) => Number(p) <= 255);
  return isIPv6Go(s);
}

/** Go's net.ParseIP for an IPv6 address: no zone. */
const isIPv6Go = (s: string): boolean => !s.includes('%') && isIPv6(s);

function isCidr(s: string): boolean {
  const slash = s.indexOf('/');
  if (slash < 0) return false;
  const [ip, bits] = [s.slice(0, slash), s.slice(slash + 1)];
  if (!/^\d+$/.test(bits)) return false;
  const v4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.test(ip) && isIPv4(ip);
  if (v4) return Number(bits) <= 32;
  return isIPv6Go(ip) && Number(bits) <= 128;
}

/** strfmt's `IsHostname`: the pattern, at most 255 bytes, labels of at most 63 bytes. */
function isHostname(s: string): boolean {
  if (!rxHostname.test(s) || Buffer.byteLength(s) > 255) return false;
  return s.split('.').every((label) => Buffer.byteLength(label) <= 63);
}

// Go's net/url (ParseRequestURI), the parts that can refuse a string.
/** An ASCII control character (below space, or DEL), except those `allowed`. */
const isControl = (c: string, allowed = ''): boolean =>
  !allowed.includes(c) && ((c.codePointAt(0) ?? 0) < 0x20 || c === '\u007f');
const hasControl = (s: string): boolean => [...s].some((c) => isControl(c));
const hostAllowed = /^[A-Za-z0-9\-_.~!$&'()*+,;=:[\]<>"%\x80-\u{10ffff}]*$/u;

function validEscapes(s: string): boolean {
  return !/%(?![0-9a-fA-F]{2})/.test(s);
}

function validHost(host: string): boolean {
  if (host.startsWith('[')) {
    const close = host.lastIndexOf(']');
    if (close < 0) return false;
    const port = host.slice(close + 1);
    return (port === '' || /^:\d*$/.test(port)) && validEscapes(host);
  }
  const colon = host.lastIndexOf(':');
  if (colon >= 0 && !/^\d*$/.test(host.slice(colon + 1))) return false;
  return hostAllowed.test(host) && validEscapes(host);
}

/** `url.ParseRequestURI(s)` succeeds: an absolute URI or an absolute path. */
function isRequestUri(s: string): boolean {
  if (s === '' || hasControl(s)) return false;
  if (s === '*') return true;
  let rest = s;
  let scheme = '';
  const schemeMatch = /^([A-Za-z][A-Za-z0-9+.-]*):/.exec(s);
  if (schemeMatch !== null) {
    scheme = schemeMatch[1] ?? '';
    rest = s.slice(scheme.length + 1);
  } else if (s.startsWith(':')) {
    return false; // missing protocol scheme
  }
  rest = rest.split('?')[0] ?? '';
  if (!rest.startsWith('/')) return scheme !== ''; // opaque (`mailto:a`), or not a request URI
  if (scheme !== '' && rest.startsWith('//')) {
    const authority = rest.slice(2).split('/')[0] ?? '';
    const at = authority.lastIndexOf('@');
    const user = at < 0 ? '' : authority.slice(0, at);
    if (user !== '' && !(/^[A-Za-z0-9\-._:~!$&'()*+,;=%@]*$/.test(user) && validEscapes(user))) return false;
    if (!validHost(at < 0 ? authority : authority.slice(at + 1))) return false;
    rest = rest.slice(2 + authority.length);
  }
  return validEscapes(rest);
}

// Go's net/mail (ParseAddress): an addr-spec, or a display name and <addr-spec>.
const atext = /[A-Za-z0-9!#$%&'*+\-/=?^_`{|}~\x80-\u{10ffff}]/u;

class AddressParser {
  private at = 0;
  constructor(private readonly s: string) {}

  private skipSpace(): void {
    for (;;) {
      while (this.s[this.at] === ' ' || this.s[this.at] === '\t') this.at++;
      if (this.s[this.at] !== '(') return;
      let depth = 0;
      do {
        const c = this.s[this.at++];
        if (c === undefined) return;
        if (c === '\\') this.at++;
        else if (c === '(') depth++;
        else if (c === ')') depth--;
      } while (depth > 0);
    }
  }

  private atom(dots: boolean): string | undefined {
    const start = this.at;
    while (this.at < this.s.length) {
      const c = String.fromCodePoint(this.s.codePointAt(this.at) ?? 0);
      if (!(atext.test(c) || (dots && c === '.'))) break;
      this.at += c.length;
    }
    const atom = this.s.slice(start, this.at);
    if (atom === '') return undefined;
    if (dots && (atom.startsWith('.') || atom.endsWith('.') || atom.includes('..'))) return undefined;
    return atom;
  }

  private quoted(): string | undefined {
    if (this.s[this.at] !== '"') return undefined;
    this.at++;
    let out = '';
    for (;;) {
      const c = this.s[this.at++];
      if (c === undefined) return undefined;
      if (c === '"') return out;
      if (c === '\\') {
        const next = this.s[this.at++];
        if (next === undefined) return undefined;
        out += next;
      } else if (isControl(c, '\t')) return undefined;
      else out += c;
    }
  }

  /** local-part "@" domain, or undefined. */
  addrSpec(): string | undefined {
    const start = this.at;
    this.skipSpace();
    const local = this.s[this.at] === '"' ? this.quoted() : this.atom(true);
    if (local === undefined) return this.reset(start);
    this.skipSpace();
    if (this.s[this.at] !== '@') return this.reset(start);
    this.at++;
    this.skipSpace();
    let domain: string | undefined;
    if (this.s[this.at] === '[') {
      const close = this.s.indexOf(']', this.at);
      if (close < 0 || /[[\\\s]/.test(this.s.slice(this.at + 1, close))) return this.reset(start);
      domain = this.s.slice(this.at, close + 1);
      this.at = close + 1;
    } else {
      domain = this.atom(true);
    }
    if (domain === undefined) return this.reset(start);
    return `${local}@${domain}`;
  }

  private reset(to: number): undefined {
    this.at = to;
    return undefined;
  }

  /** The whole input is one address. */
  address(): boolean {
    if (this.addrSpec() !== undefined) {
      this.skipSpace();
      if (this.at === this.s.length) return true;
    }
    this.at = 0;
    this.skipSpace();
    // display name: words (atoms with obsolete dots, quoted strings)
    while (this.s[this.at] !== '<' && this.at < this.s.length) {
      const word = this.s[this.at] === '"' ? this.quoted() : this.atom(true);
      if (word === undefined) return false;
      this.skipSpace();
    }
    if (this.s[this.at] !== '<') return false;
    this.at++;
    if (this.addrSpec() === undefined) return false;
    this.skipSpace();
    if (this.s[this.at] !== '>') return false;
    this.at++;
    this.skipSpace();
    return this.at === this.s.length;
  }
}

const isEmail = (s: string): boolean => new AddressParser(s).address();

/** The string formats `validate()` checks as the API server does, by normalized name (no hyphens). */
export const FORMAT_CHECKERS: Readonly<Record<string, (value: string) => boolean>> = {
  bsonobjectid: (s) => /^[0-9a-fA-F]{24}$/.test(s),
  uri: isRequestUri,
  email: isEmail,
  hostname: isHostname,
  ipv4: isIPv4,
  ipv6: (s) => s.includes(':') && isIPv6Go(s),
  cidr: isCidr,
  mac: (s) => rxMac.test(s),
  uuid: (s) => rxUuid.test(s),
  uuid3: (s) => rxUuid3.test(s),
  uuid4: (s) => rxUuid4.test(s),
  uuid5: (s) => rxUuid5.test(s),
  ssn: (s) => /^\d{3}[- ]?\d{2}[- ]?\d{4}$/.test(s),
  hexcolor: (s) => /^#?([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/.test(s),
  byte: (s) => rxBase64.test(s),
  password: () => true,
  date: isDate,
  datetime: isDateTime,
  k8sshortname: (s) => s.length <= 63 && dns1123Label.test(s),
  k8slongname: (s) => s.length <= 253 && s.split('.').every((part) => dns1123Label.test(part)),
};

/** The checker of `format` (normalized as go-openapi does: hyphens dropped), or undefined. */
export function formatChecker(format: string): ((value: string) => boolean) | undefined {
  return FORMAT_CHECKERS[format.replace(/-/g, '')];
}
