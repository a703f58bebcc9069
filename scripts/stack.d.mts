/** Types of `stack.mjs`, for the TypeScript tests that start the stack. */
export interface StackOptions {
  platformPort?: number
  shopPort?: number
  mode?: 'preview' | 'dev'
  packages?: 'all' | 'platform' | 'none'
  buildShop?: boolean
  outDir?: string
  env?: NodeJS.ProcessEnv
  log?: (line: string) => void
}

export interface Stack {
  shopUrl: string
  platformUrl: string
  /** The admin key the platform printed (empty when it came from `VITRINE_ADMIN_KEY`). */
  adminKey: string
  clientId: string
  /** The process ids of the two servers (`shop`: the shop's server, or the dev server). */
  pids: { platform: number; shop: number }
  /** Settles when either server ends by itself. */
  exited: Promise<{ name: string; code: number | null; signal: NodeJS.Signals | null }>
  stop(): Promise<void>
}

export function freePort(): Promise<number>
export function platformBuildIsStale(): Promise<boolean>
export function run(
  command: string,
  args: string[],
  options?: { env?: NodeJS.ProcessEnv; cwd?: string; quiet?: boolean },
): Promise<void>
export function startStack(options?: StackOptions): Promise<Stack>
/** A long-running node child (`process.execPath args`); `onLine` sees each line it prints. */
export function startChild(
  name: string,
  args: string[],
  options: { env: NodeJS.ProcessEnv; cwd: string; onLine: (line: string) => void },
): import('node:child_process').ChildProcess
/** Resolves once `url` answers; rejects if `child` exits first or it takes too long. */
export function untilServing(
  child: import('node:child_process').ChildProcess,
  url: string,
): Promise<void>
/** SIGTERM, then SIGKILL after 5 s. */
export function stopChild(child: import('node:child_process').ChildProcess): Promise<void>
export function startThrowawayStack(options: {
  dir: string
  packages: StackOptions['packages']
  env?: NodeJS.ProcessEnv
}): Promise<Stack & { buildDir: string }>
