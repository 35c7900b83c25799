import { fromView, type Candidate, type DetectionContext } from './context.ts';

const EMAIL =
  /(?<![A-Za-z0-9._%+-])[A-Za-z0-9](?:[A-Za-z0-9._%+-]{0,62}[A-Za-z0-9_%+-])?@((?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+)([A-Za-z]{2,24})(?![A-Za-z0-9-]|\.[A-Za-z0-9])/g;

// A spoken address has no "@" to anchor it, so "look at this dot com" would read as
// look@this.com; spoken matches must end in a known TLD and not use these words.
const SPOKEN_STOP_WORDS = new Set(
  (
    'a an the this that these those it its is are was me you him her us them we i my your ' +
    'our his their here there home work school least most all once first last night noon ' +
    'time point same end moment office'
  ).split(' '),
);

/** TLDs accepted for spoken addresses (written ones accept any alphabetic TLD). */
export const SPOKEN_TLDS = new Set(
  (
    'com net org edu gov mil int info biz io co ai app dev me tv us uk ca au de fr es it nl ' +
    'se no ch at be ie in pk sa ae eg jo lb kw qa bh om ma tn dz iq sy ps ye ly sd tr ir ' +
    'ru cn jp kr sg my id ph nz za ng ke br mx ar cl online site store tech xyz email'
  ).split(' '),
);

/** E-mail addresses, written or spoken ("john dot smith at example dot com"). */
export function detectEmails(ctx: DetectionContext): Candidate[] {
  const view = ctx.email;
  const out: Candidate[] = [];
  for (const m of view.text.matchAll(EMAIL)) {
    const start = m.index;
    const end = start + m[0].length;
    const c = fromView(view, 'email', start, end);
    const spoken = ctx.text.slice(c.start, c.end) !== m[0];
    if (spoken && !plausibleSpoken(m[0], m[2]!)) continue;
    out.push(c);
  }
  return out;
}

function plausibleSpoken(address: string, tld: string): boolean {
  if (!SPOKEN_TLDS.has(tld.toLowerCase())) return false;
  const [local = '', domain = ''] = address.toLowerCase().split('@');
  const localFirst = local.split(/[._-]/)[0] ?? '';
  const domainFirst = domain.split('.')[0] ?? '';
  return !SPOKEN_STOP_WORDS.has(localFirst) && !SPOKEN_STOP_WORDS.has(domainFirst);
}
