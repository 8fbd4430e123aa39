import { ThemeIcon } from '@mantine/core';

/** Icons for the style groups' `icon` keys (sql/0002); an unknown key gets a neutral wave. */
const paths: Record<string, string> = {
  pop: 'M12 3l2.6 5.6 6 .7-4.5 4.1 1.2 6-5.3-3-5.3 3 1.2-6L3.4 9.3l6-.7z',
  electronic: 'M3 12h3l2-6 4 12 3-8 2 4h4',
  hiphop: 'M4 14v-3a8 8 0 0 1 16 0v3M4 14h3v6H4zM17 14h3v6h-3z',
  rock: 'M13 2 4 14h7l-1 8 9-12h-7z',
  acoustic: 'M9 18a3 3 0 1 1-3-3 3 3 0 0 1 3 3Zm0 0V5l11-2v12m0 0a3 3 0 1 1-3-3 3 3 0 0 1 3 3Z',
};
const fallback = 'M3 12h2l2-5 3 10 3-8 2 5 2-2h4';

export function StyleGroupIcon({ icon, size = 'lg' }: { icon: string; size?: 'md' | 'lg' | 'xl' }) {
  return (
    <ThemeIcon size={size} radius="md" variant="light" color="mastered" aria-hidden="true">
      <svg width="60%" height="60%" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round">
        <path d={paths[icon] ?? fallback} />
      </svg>
    </ThemeIcon>
  );
}
