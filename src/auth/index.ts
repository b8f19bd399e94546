export { authorize, allows } from './access.js';
export { generateKey, hashKey, keyId, KEY_PREFIX, KEY_SCOPES } from './keys.js';
export type { CreateKeyInput, CreatedKey, KeyRecord, KeyScope, KeyStore } from './keys.js';
export { openKeyStore, SqliteKeyStore } from './sqlite-keys.js';
