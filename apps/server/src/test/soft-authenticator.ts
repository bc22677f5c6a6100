import { createHash, createPublicKey, createSign, generateKeyPairSync, type KeyObject, randomBytes } from 'node:crypto';
import { isoBase64URL, isoCBOR } from '@simplewebauthn/server/helpers';

/**
 * A software passkey authenticator for API tests: it answers WebAuthn creation and request
 * options exactly as a browser plus platform authenticator would (ES256 key, "none" attestation,
 * a counter), so the server's real verification runs on real signatures. Browser journeys use
 * Chromium's virtual authenticator instead.
 */
export class SoftAuthenticator {
  private readonly credentials = new Map<
    string,
    { privateKey: KeyObject; rpId: string; userHandle: string; counter: number }
  >();

  constructor(readonly origin: string) {}

  private clientData(type: 'webauthn.create' | 'webauthn.get', challenge: string): Uint8Array {
    return new TextEncoder().encode(JSON.stringify({ type, challenge, origin: this.origin, crossOrigin: false }));
  }

  /** The ids of the credentials it holds, oldest first. */
  ids(): string[] {
    return [...this.credentials.keys()];
  }

  /**
   * navigator.credentials.create(): a new discoverable credential for the options' RP and user,
   * or (with `reuse`) an attestation of a credential it already holds, as a second account would.
   */
  create(options: Record<string, unknown>, reuse?: string): Record<string, unknown> {
    const rp = options.rp as { id: string };
    const user = options.user as { id: string };
    const held = reuse ? this.credentials.get(reuse) : undefined;
    const privateKey = held?.privateKey ?? generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey;
    const jwk = createPublicKey(privateKey).export({ format: 'jwk' });
    const credentialId = reuse ? Buffer.from(isoBase64URL.toBuffer(reuse)) : randomBytes(16);
    const id = isoBase64URL.fromBuffer(new Uint8Array(credentialId));
    if (!held) this.credentials.set(id, { privateKey, rpId: rp.id, userHandle: user.id, counter: 0 });
    const cose = isoCBOR.encode(
      new Map<number, number | Uint8Array>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, isoBase64URL.toBuffer(jwk.x ?? '')],
        [-3, isoBase64URL.toBuffer(jwk.y ?? '')],
      ]),
    );
    const authData = Buffer.concat([
      sha256(rp.id),
      Buffer.from([0x45]), // user present, user verified, attested credential data
      u32(0),
      Buffer.alloc(16), // AAGUID
      Buffer.from([0, credentialId.length]),
      credentialId,
      Buffer.from(cose),
    ]);
    const attestationObject = isoCBOR.encode(
      new Map<string, unknown>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', new Uint8Array(authData)],
      ]) as never,
    );
    return {
      id,
      rawId: id,
      type: 'public-key',
      response: {
        clientDataJSON: isoBase64URL.fromBuffer(
          new Uint8Array(this.clientData('webauthn.create', options.challenge as string)),
        ),
        attestationObject: isoBase64URL.fromBuffer(new Uint8Array(attestationObject)),
        transports: ['internal'],
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }

  /** navigator.credentials.get(): an assertion by the given credential (default: the first one made). */
  get(options: Record<string, unknown>, credentialId?: string): Record<string, unknown> {
    const id = credentialId ?? [...this.credentials.keys()][0];
    const credential = id ? this.credentials.get(id) : undefined;
    if (!id || !credential) throw new Error('the soft authenticator holds no such credential');
    credential.counter++;
    const authData = Buffer.concat([sha256(credential.rpId), Buffer.from([0x05]), u32(credential.counter)]);
    const clientDataJSON = this.clientData('webauthn.get', options.challenge as string);
    const signer = createSign('SHA256');
    signer.update(Buffer.concat([authData, createHash('sha256').update(clientDataJSON).digest()]));
    const signature = signer.sign(credential.privateKey);
    return {
      id,
      rawId: id,
      type: 'public-key',
      response: {
        clientDataJSON: isoBase64URL.fromBuffer(new Uint8Array(clientDataJSON)),
        authenticatorData: isoBase64URL.fromBuffer(new Uint8Array(authData)),
        signature: isoBase64URL.fromBuffer(new Uint8Array(signature)),
        userHandle: credential.userHandle,
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }

  /** Winds a credential's counter back (a cloned authenticator replaying old counts). */
  rewind(credentialId: string, to: number): void {
    const credential = this.credentials.get(credentialId);
    if (credential) credential.counter = to;
  }
}

function sha256(text: string): Buffer {
  return createHash('sha256').update(text).digest();
}

function u32(value: number): Buffer {
  const buffer = Buffer.alloc(4);
  buffer.writeUInt32BE(value);
  return buffer;
}
