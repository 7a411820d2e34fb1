/** The few environment variables the test harness itself reads (never the app's own config). */
const env = process.env

export const testEnv = {
  TEST_DATABASE_URL: env.TEST_DATABASE_URL || undefined,
  TEST_REDIS_URL: env.TEST_REDIS_URL || 'redis://127.0.0.1:6379',
  TEST_POSTGRES_SERVER_URL:
    env.TEST_POSTGRES_SERVER_URL || 'postgres://postgres@127.0.0.1:5432/test',
}
