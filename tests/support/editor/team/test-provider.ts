import { freePort } from "../../../../scripts/measure/serve.ts";
import Provider from "oidc-provider";

/** What the test provider vouches for about one of its accounts. */
export interface ProviderAccount {
  email: string;
  email_verified: boolean;
  name?: string;
}

export interface TestProvider {
  issuer: URL;
  clientId: string;
  clientSecret: string;
  stop: () => Promise<void>;
}

/**
 * A real OpenID Connect provider (`oidc-provider`) on a free port of this machine, for the tests of sign-in: one
 * confidential client whose redirect address is `redirectUri`, PKCE required, and its development login and consent
 * pages, where the account id typed at the login form (any password) picks one of `accounts`. As Google and Entra ID
 * do, the e-mail and the name travel in the ID token itself.
 */
export async function startTestProvider(
  accounts: Record<string, ProviderAccount>,
  redirectUri: URL,
): Promise<TestProvider> {
  const port = await freePort();
  const issuer = new URL(`http://127.0.0.1:${port}`);
  const clientId = "team-editor";
  const clientSecret = "a-client-secret-of-the-test-provider";
  const provider = new Provider(issuer.origin, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [redirectUri.href],
        grant_types: ["authorization_code"],
        response_types: ["code"],
      },
    ],
    claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name"] },
    conformIdTokenClaims: false,
    findAccount: (_ctx, sub) => ({ accountId: sub, claims: () => ({ sub, ...accounts[sub] }) }),
    features: { devInteractions: { enabled: true } },
    pkce: { required: () => true },
    cookies: { keys: ["cookie-key-of-the-test-provider"] },
    ttl: { AccessToken: 600, Grant: 600, IdToken: 600, Interaction: 600, Session: 600 },
  });
  const server = provider.listen(port, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  return {
    issuer,
    clientId,
    clientSecret,
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
