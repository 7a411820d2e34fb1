import { it } from 'vitest'
import { asAdmin } from '#tests/helpers/auth.ts'
import { createTestApp } from '#tests/helpers/test-app.ts'

it('times authenticated requests', async () => {
  const app = await createTestApp()
  const { headers, user } = await asAdmin(app)
  const call = () => app.inject({ method: 'GET', url: '/api/users/me-nothing', headers })
  const auth = () => app.inject({ method: 'GET', url: `/api/users/${user.id}`, headers })
  void call
  for (let i = 0; i < 300; i++) await auth()
  const rounds: number[] = []
  for (let r = 0; r < 5; r++) {
    const t0 = performance.now()
    for (let i = 0; i < 1000; i++) await auth()
    rounds.push((performance.now() - t0) / 1000)
  }
  rounds.sort((a, b) => a - b)
  console.log(`AUTH-BENCH median ms/request: ${rounds[2]!.toFixed(3)} all: ${rounds.map((x) => x.toFixed(3)).join(' ')}`)
  await app.cleanup()
}, 600_000)
