/** The version the envelope reports: the package version plus the web build's id when built. */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const PROJECT_ROOT = join(import.meta.dirname, '..', '..');
export const WEB_ROOT = join(PROJECT_ROOT, 'dist', 'web');

interface PackageJson {
  version: string;
  dependencies: Record<string, string>;
}

export function readPackageJson(): PackageJson {
  return JSON.parse(readFileSync(join(PROJECT_ROOT, 'package.json'), 'utf8')) as PackageJson;
}

export function readVersion(): string {
  const pkg = readPackageJson();
  const buildFile = join(WEB_ROOT, 'build.json');
  if (!existsSync(buildFile)) return pkg.version;
  const build = JSON.parse(readFileSync(buildFile, 'utf8')) as { build?: string };
  return build.build ? `${pkg.version}+${build.build}` : pkg.version;
}
