/**
 * What each sealed credential of an integration is bound to (secret-box's context): a sealed value
 * copied to another integration, or from one field to another, does not open there.
 */
export const jsonContentContext = (integrationId: string) => `queueIntegration:${integrationId}:jsonContent`;
export const signingSecretContext = (integrationId: string) => `queueIntegration:${integrationId}:secret`;
