import { federationDeliverySchema, federationDomainPolicySchema, federationHostSchema, federationSwitchSchema } from '@siplog/contracts';
import { adminProcedure } from '../../procedures/admin-procedure';
import type { AdminFederationService } from './admin-federation.service';

/** The 'Federation' panel's calls (issue 30): the twins of the REST routes. */
export function adminFederationProcedures(federation: AdminFederationService) {
  const admin = adminProcedure(federation);
  return {
    federation: admin.query(({ ctx }) => federation.status(ctx.actor)),
    setFederation: admin.input(federationSwitchSchema).mutation(({ ctx, input }) => federation.setEnabled(ctx.actor, input)),
    setFederationDomain: admin.input(federationDomainPolicySchema).mutation(({ ctx, input }) => federation.setDomainPolicy(ctx.actor, input)),
    removeFederationDomain: admin.input(federationHostSchema).mutation(({ ctx, input }) => federation.removeDomainPolicy(ctx.actor, input)),
    retryFederationDelivery: admin.input(federationDeliverySchema).mutation(({ ctx, input }) => federation.retryDelivery(ctx.actor, input)),
    dropFederationDelivery: admin.input(federationDeliverySchema).mutation(({ ctx, input }) => federation.dropDelivery(ctx.actor, input)),
  };
}
