import { useState, type FormEvent } from 'react';

/** Temporary shell: the sign-in form over the real API. The full shell is the web app issue. */
export function App() {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [message, setMessage] = useState<string | null>(null);
  const [who, setWho] = useState<string | null>(null);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setMessage(null);
    const res = await fetch('/api/auth/login', {
      method: 'POST',
      credentials: 'include',
      headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest' },
      body: JSON.stringify({ email, password }),
    });
    const body = await res.json().catch(() => ({}));
    if (!res.ok) setMessage(body.message ?? 'An unexpected error occurred.');
    else setWho(`${body.data.member.name} — ${body.data.organization.name}`);
  }

  return (
    <main style={{ maxWidth: 360, margin: '10vh auto', fontFamily: 'system-ui, sans-serif' }}>
      <h1>Sign in</h1>
      {who ? (
        <p role="status">Signed in as {who}</p>
      ) : (
        <form onSubmit={submit}>
          <label htmlFor="email">Email</label>
          <input id="email" type="email" autoComplete="username" value={email} onChange={(e) => setEmail(e.target.value)} required style={{ display: 'block', width: '100%', marginBottom: 12 }} />
          <label htmlFor="password">Password</label>
          <input id="password" type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} required style={{ display: 'block', width: '100%', marginBottom: 12 }} />
          {message && <p role="alert">{message}</p>}
          <button type="submit">Sign in</button>
        </form>
      )}
    </main>
  );
}
