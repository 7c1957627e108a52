#!/usr/bin/env node
// Every published package's `prepack`: packing is pnpm's job. The manifests name their siblings as
// "workspace:*", which `pnpm pack` and `pnpm publish` rewrite to the version of the sibling and
// `npm pack` leaves as it is: a tarball that npm cannot install. So any other packer is refused.
// biome-ignore lint/suspicious/noUndeclaredEnvVars: set by the package manager for prepack, no turbo task reads it
const agent = process.env.npm_config_user_agent ?? '';
if (!agent.startsWith('pnpm/')) {
  // biome-ignore lint/suspicious/noUndeclaredEnvVars: set by the package manager, as above
  const name = process.env.npm_package_name ?? 'this package';
  console.error(
    `${name}: pack and publish it with pnpm ("pnpm pack", ` +
      `"pnpm publish"), which rewrites the "workspace:*" ranges of its @firsttouch dependencies; ` +
      `${agent.split(' ')[0] || 'this tool'} would leave them in the tarball. See "Releases" in the root README.`,
  );
  process.exit(1);
}
