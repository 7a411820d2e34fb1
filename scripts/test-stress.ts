/**
 * `npm run test:stress [-- --rounds=3 --parallel=2] [vitest filters...]`: runs the Vitest suite
 * `parallel` times at once, `rounds` times over, and lists every test that failed even once. Two
 * suites at once on a two-core machine is the load that turns a test depending on timing, on the
 * order of concurrent work or on a clock boundary into a failure, before CI throws a submission
 * away for it. Exits non-zero when any test failed in any run.
 */
import { spawn } from 'node:child_process'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'

interface AssertionResult {
  fullName: string
  status: string
  failureMessages: string[]
}
interface FileResult {
  name: string
  status: string
  message: string
  assertionResults: AssertionResult[]
}
interface JsonReport {
  numTotalTests: number
  numFailedTests: number
  testResults: FileResult[]
}

const option = (name: string, fallback: number) => {
  const raw = process.argv.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3)
  const value = raw === undefined ? fallback : Number(raw)
  if (!Number.isInteger(value) || value < 1) throw new Error(`--${name}=N needs a whole number`)
  return value
}
const rounds = option('rounds', 3)
const parallel = option('parallel', 2)
const filters = process.argv.slice(2).filter((arg) => !arg.startsWith('--'))

function runSuite(outputFile: string, label: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      'npx',
      [
        'vitest',
        'run',
        '--reporter=dot',
        '--reporter=json',
        `--outputFile.json=${outputFile}`,
        ...filters,
      ],
      { stdio: ['ignore', 'ignore', 'pipe'] },
    )
    child.stderr.on('data', (chunk: Buffer) => {
      for (const line of chunk.toString().split('\n').filter(Boolean))
        process.stderr.write(`[${label}] ${line}\n`)
    })
    child.on('error', reject)
    child.on('close', (code) => resolve(code ?? 1))
  })
}

/** Failed tests of one run, by "file > test" name; a file that failed to load counts as one. */
function failuresOf(report: JsonReport): Map<string, string> {
  const failures = new Map<string, string>()
  for (const file of report.testResults) {
    const relative = path.relative(process.cwd(), file.name)
    const failed = file.assertionResults.filter((test) => test.status === 'failed')
    for (const test of failed)
      failures.set(`${relative} > ${test.fullName}`, test.failureMessages.join('\n').slice(0, 400))
    if (file.status === 'failed' && failed.length === 0)
      failures.set(`${relative} (whole file)`, file.message.slice(0, 400))
  }
  return failures
}

async function main() {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'test-stress-'))
  const failedIn = new Map<string, { runs: string[]; message: string }>()
  const started = Date.now()
  try {
    for (let round = 1; round <= rounds; round++) {
      const labels = Array.from({ length: parallel }, (_, i) => `round ${round} run ${i + 1}`)
      const files = labels.map((_, i) => path.join(dir, `round-${round}-run-${i + 1}.json`))
      const codes = await Promise.all(files.map((file, i) => runSuite(file, labels[i]!)))
      for (const [i, file] of files.entries()) {
        const label = labels[i]!
        let report: JsonReport
        try {
          report = JSON.parse(await readFile(file, 'utf8')) as JsonReport
        } catch {
          failedIn.set(`${label}: no report (vitest exited with ${codes[i]})`, {
            runs: [label],
            message: '',
          })
          continue
        }
        for (const [name, message] of failuresOf(report)) {
          const entry = failedIn.get(name) ?? { runs: [], message }
          entry.runs.push(label)
          failedIn.set(name, entry)
        }
        console.log(
          `${label}: ${report.numTotalTests} tests, ${report.numFailedTests} failed (exit ${codes[i]})`,
        )
      }
    }
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
  const minutes = ((Date.now() - started) / 60_000).toFixed(1)
  if (failedIn.size === 0) {
    console.log(
      `\ntest:stress: no failure in ${rounds} rounds of ${parallel} suites at once (${minutes} min)`,
    )
    return
  }
  console.log(`\ntest:stress: ${failedIn.size} test(s) failed at least once (${minutes} min):`)
  for (const [name, { runs, message }] of failedIn) {
    console.log(`- ${name}\n  failed in: ${runs.join(', ')}`)
    if (message) console.log(`  ${message.split('\n').slice(0, 4).join('\n  ')}`)
  }
  process.exitCode = 1
}

await main()
