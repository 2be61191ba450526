// Security keys and passkeys (/me/two-factor, the sign-in's second step): a form marked
// data-webauthn="create" or "get" carries the server's options as JSON; on submit, ask the
// browser's authenticator, put its answer (JSON, binary fields as base64url) in the form's
// `credential` field and post the form. The server checks the answer against its own challenge.

const toBase64url = (buffer) => {
  let text = '';
  for (const byte of new Uint8Array(buffer)) text += String.fromCharCode(byte);
  return btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
};

const fromBase64url = (text) => {
  const base64 = text.replace(/-/g, '+').replace(/_/g, '/') + '==='.slice((text.length + 3) % 4);
  return Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
};

const descriptors = (list) => (list ?? []).map((d) => ({ ...d, id: fromBase64url(d.id) }));

function creationOptions(json) {
  return {
    ...json,
    challenge: fromBase64url(json.challenge),
    user: { ...json.user, id: fromBase64url(json.user.id) },
    excludeCredentials: descriptors(json.excludeCredentials),
  };
}

function requestOptions(json) {
  return { ...json, challenge: fromBase64url(json.challenge), allowCredentials: descriptors(json.allowCredentials) };
}

function credentialJson(credential) {
  const r = credential.response;
  const response = { clientDataJSON: toBase64url(r.clientDataJSON) };
  if (r.attestationObject) {
    response.attestationObject = toBase64url(r.attestationObject);
    response.transports = typeof r.getTransports === 'function' ? r.getTransports() : [];
  } else {
    response.authenticatorData = toBase64url(r.authenticatorData);
    response.signature = toBase64url(r.signature);
    if (r.userHandle) response.userHandle = toBase64url(r.userHandle);
  }
  return JSON.stringify({
    id: credential.id,
    rawId: toBase64url(credential.rawId),
    type: credential.type,
    authenticatorAttachment: credential.authenticatorAttachment ?? undefined,
    clientExtensionResults: credential.getClientExtensionResults(),
    response,
  });
}

export function enableSecurityKeys(root) {
  for (const form of root.querySelectorAll('form[data-webauthn]')) {
    const error = form.querySelector('[data-webauthn-error]');
    form.addEventListener('submit', async (event) => {
      if (form.elements.credential.value) return;
      event.preventDefault();
      if (!form.reportValidity()) return;
      if (!window.PublicKeyCredential) {
        error.textContent = 'This browser does not support security keys.';
        error.hidden = false;
        return;
      }
      const json = JSON.parse(form.dataset.webauthnOptions);
      try {
        const credential =
          form.dataset.webauthn === 'create'
            ? await navigator.credentials.create({ publicKey: creationOptions(json) })
            : await navigator.credentials.get({ publicKey: requestOptions(json) });
        form.elements.credential.value = credentialJson(credential);
        form.submit();
      } catch (err) {
        error.textContent = `The security key did not answer (${err.name ?? 'error'}). Try again.`;
        error.hidden = false;
      }
    });
  }
}
