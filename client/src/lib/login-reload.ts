/**
 * A successful login reloads the page. A reload would drop what lives only in memory (a
 * guest's held file, guest upload), so its owner may keep the page; it then carries on by
 * itself once signed in. Lives in lib so features need not import each other.
 */
const keepers = new Set<() => boolean>();

export function keepPageAfterLogin(keep: () => boolean): () => void {
  keepers.add(keep);
  return () => keepers.delete(keep);
}

export function shouldReloadAfterLogin(): boolean {
  for (const keep of keepers) if (keep()) return false;
  return true;
}
