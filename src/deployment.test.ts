import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/** The image the Procfile's processes run in (docs/runbook.md, "Deploying"). */
const root = path.resolve(import.meta.dirname, '..');
const dockerfile = readFileSync(path.join(root, 'Dockerfile'), 'utf8');
const runtimeStage = dockerfile.slice(dockerfile.lastIndexOf('\nFROM '));

describe('the container image', () => {
  it('when the runtime stage is built, then it installs the distribution ffmpeg and points FFMPEG_PATH at it', () => {
    expect(runtimeStage).toMatch(/apt-get install[^\n]*(\\\n[^\n]*)*\bffmpeg\b/);
    expect(runtimeStage).toMatch(/FFMPEG_PATH=\/usr\/bin\/ffmpeg/);
  });

  it('when the runtime stage is built, then it holds every source folder the processes import', () => {
    const copied = [...runtimeStage.matchAll(/^COPY (?!--from)(\S+) \.\/(\S+)$/gm)].map((match) => match[1]);
    expect(copied).toEqual(expect.arrayContaining(['src', 'sidecar', 'sql', 'scripts']));
  });

  it("when its Node version is compared with package.json's engines, then every stage runs a major the engines accept", () => {
    const engines = (JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { engines: { node: string } }).engines.node;
    const majors = [...dockerfile.matchAll(/^FROM node:(\d+)/gm)].map((match) => Number(match[1]));
    expect(majors.length).toBeGreaterThan(0);
    // The engines range is a union of `>=A <B` and `>=C` parts: a major is accepted when one part admits it.
    const accepts = (major: number) =>
      engines.split('||').some((part) => {
        const min = />=\s*(\d+)/.exec(part);
        const below = /<\s*(\d+)/.exec(part);
        return (!min || major >= Number(min[1])) && (!below || major < Number(below[1]));
      });
    expect(majors.filter((major) => !accepts(major))).toEqual([]);
  });
});
