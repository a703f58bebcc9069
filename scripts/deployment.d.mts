/** Types of `deployment.mjs`, for the deployment test. */
export interface DeploymentOptions {
  /** A folder of the deployment's own (e.g. from `mkdtemp`); `stop()` removes it. Default: a new one. */
  dir?: string
  /** Settings of the servers on top of the deployment's (e.g. `STOREFRONT_CACHE_SECONDS`). */
  env?: Record<string, string>
  /** How many shop servers (default 2). */
  shops?: number
  /** How many platform instances (default 2). */
  platforms?: number
  /** Where the servers' and nginx's output goes (default: nowhere). */
  log?: (line: string) => void
}

/** One shop server or platform instance behind nginx, on a port of its own. */
export interface Instance {
  /** `shop-1`, `platform-2`, … */
  name: string
  /** Its own address (not nginx's), e.g. `http://127.0.0.1:41234`. */
  url: string
  /** Its current process id. */
  readonly pid: number | undefined
  /** Whether its process runs. */
  readonly running: boolean
  /** Sends `signal` (default `SIGKILL`: a crash); resolves once the process is gone. */
  kill(signal?: NodeJS.Signals): Promise<void>
  /** Starts it again on its port (stopping it first if it still runs); resolves once it listens. */
  restart(): Promise<void>
  /** Its last lines of output. */
  output(): string
}

export interface Deployment {
  /** nginx's shop server: what shoppers reach. */
  shopUrl: string
  /** nginx's platform server: what browsers and the shop's servers reach. */
  platformUrl: string
  /** The platform's admin key (the same on every instance). */
  adminKey: string
  /** The settings every instance got (the shared secrets included). */
  settings: Record<string, string>
  /** nginx's folder: its config, `access.log`, `error.log` and cache. */
  nginxDir: string
  instances: { shops: Instance[]; platforms: Instance[] }
  /** Ends nginx, the servers and PostgreSQL; removes the folder and the shop's build. */
  stop(): Promise<void>
}

export function startDeployment(options?: DeploymentOptions): Promise<Deployment>
/** deploy/nginx.conf with its `{{NAME}}` placeholders filled; throws if one has no value. */
export function renderNginxConfig(values: Record<string, string>): Promise<string>
