/**
 * A software authenticator for API tests: it answers a passkey registration's options with a
 * "none" attestation, as a platform authenticator does, over a fresh P-256 key and credential id.
 * Only what the server checks is made; browsers' own authenticators are used in tests/e2e.
 */
import { createHash, generateKeyPairSync, randomBytes } from 'node:crypto'

type Cbor = number | string | Uint8Array | Map<Cbor, Cbor>

/** The few CBOR items a registration needs (RFC 8949): integers, text, bytes and maps. */
function encodeCbor(item: Cbor): Buffer {
  const head = (major: number, length: number) => {
    if (length < 24) return Buffer.from([(major << 5) | length])
    if (length < 0x100) return Buffer.from([(major << 5) | 24, length])
    const buffer = Buffer.alloc(3)
    buffer[0] = (major << 5) | 25
    buffer.writeUInt16BE(length, 1)
    return buffer
  }
  if (typeof item === 'number') return item >= 0 ? head(0, item) : head(1, -1 - item)
  if (typeof item === 'string') {
    const text = Buffer.from(item, 'utf8')
    return Buffer.concat([head(3, text.length), text])
  }
  if (item instanceof Uint8Array) return Buffer.concat([head(2, item.length), item])
  return Buffer.concat([
    head(5, item.size),
    ...[...item].flatMap(([key, value]) => [encodeCbor(key), encodeCbor(value)]),
  ])
}

const FLAGS_PRESENT_VERIFIED_ATTESTED = 0x01 | 0x04 | 0x40
const COSE_EC2 = 2
const COSE_ES256 = -7
const COSE_P256 = 1

/** A new credential's registration response for `options` (from POST /api/users/passkeys/options). */
export function registrationResponse(
  options: { challenge: string; rp: { id: string } },
  origin: string,
  credentialId: Buffer = randomBytes(16),
) {
  const { publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' })
  const jwk = publicKey.export({ format: 'jwk' })
  const coseKey = encodeCbor(
    new Map<Cbor, Cbor>([
      [1, COSE_EC2],
      [3, COSE_ES256],
      [-1, COSE_P256],
      [-2, Buffer.from(jwk.x!, 'base64url')],
      [-3, Buffer.from(jwk.y!, 'base64url')],
    ]),
  )
  const idLength = Buffer.alloc(2)
  idLength.writeUInt16BE(credentialId.length)
  const authData = Buffer.concat([
    createHash('sha256').update(options.rp.id).digest(),
    Buffer.from([FLAGS_PRESENT_VERIFIED_ATTESTED]),
    Buffer.alloc(4),
    Buffer.alloc(16),
    idLength,
    credentialId,
    coseKey,
  ])
  const attestationObject = encodeCbor(
    new Map<Cbor, Cbor>([
      ['fmt', 'none'],
      ['attStmt', new Map()],
      ['authData', authData],
    ]),
  )
  const clientDataJSON = Buffer.from(
    JSON.stringify({ type: 'webauthn.create', challenge: options.challenge, origin }),
  )
  const id = credentialId.toString('base64url')
  return {
    id,
    rawId: id,
    type: 'public-key' as const,
    response: {
      clientDataJSON: clientDataJSON.toString('base64url'),
      attestationObject: attestationObject.toString('base64url'),
      transports: ['internal'],
    },
    clientExtensionResults: {},
  }
}
