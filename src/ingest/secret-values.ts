/** Values that sit where a secret would but are code, placeholders or plain words: not secrets. */
export function looksLikeLiteralSecret(value: string): boolean {
  if (value.length < 6 || /^\d+$/.test(value)) return false;
  if (/^(?:null|none|true|false|undefined|required|optional|string|empty|changeme|\*+)$/i.test(value)) return false;
  if (/[([{<]|^\$|\$[({]|^REDACTED|^\[REDACTED/.test(value)) return false; // code, $VAR, ${VAR}
  if (/^[a-z_]+(?:\.[a-z_]+)+$/i.test(value)) return false; // os.environ, config.secret
  if (/^[A-Za-z_]+$/.test(value)) return false; // an identifier: password=hashed_password, key=YOUR_KEY
  return !isPlaceholder(value);
}

/** Example values in docs and code samples: 'YOUR_API_KEY_HERE', 'my_api_key', 'testpassword'. */
export function isPlaceholder(value: string): boolean {
  if (/^<.*>$|^x{4,}$|^\.{3}$/i.test(value)) return true;
  if (/^(?:your|my|some|test|dummy|example|sample|fake|placeholder|insert|replace|enter|wrong|valid|invalid|new|old)[_-]?/i.test(value) && /^[A-Za-z_ -]+\d{0,3}$/.test(value)) return true;
  return /^[A-Za-z_-]+\d{0,3}$/.test(value) && /pass|secret|token|key|here/i.test(value);
}
