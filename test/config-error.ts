import { ConfigError, loadConfig } from '../server/config'

/** The message with which the configuration refuses `env` (fails when it is accepted). */
export function configError(env: Record<string, string>): string {
  try {
    loadConfig(env)
  } catch (error) {
    if (error instanceof ConfigError) return error.message
    throw error
  }
  throw new Error('loadConfig accepted the environment')
}
