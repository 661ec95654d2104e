import { Injectable } from '@nestjs/common';
import {
  federationDeliverySchema,
  federationDomainPolicySchema,
  federationHostSchema,
  federationSwitchSchema,
  type FederationAdminAnswer,
} from '@siplog/contracts';
import type { AuthUser } from '../../common/auth-user';
import { parseInput } from '../../common/zod-issue';
import { AuthService } from '../auth/auth.service';
import { FederationAdminService } from '../federation/federation-admin.service';

/** The admin screen's 'Federation' panel (issue 30): admins only, inputs checked, then the federation module's rules. */
@Injectable()
export class AdminFederationService {
  constructor(
    private readonly auth: AuthService,
    private readonly federation: FederationAdminService,
  ) {}

  requireAdmin(actor: AuthUser): void {
    this.auth.requireAdmin(actor);
  }

  status(actor: AuthUser): Promise<FederationAdminAnswer> {
    this.auth.requireAdmin(actor);
    return this.federation.status();
  }

  setEnabled(actor: AuthUser, input: unknown): Promise<FederationAdminAnswer> {
    this.auth.requireAdmin(actor);
    return this.federation.setEnabled(parseInput(federationSwitchSchema, input).enabled);
  }

  setDomainPolicy(actor: AuthUser, input: unknown): Promise<FederationAdminAnswer> {
    this.auth.requireAdmin(actor);
    const { host, policy } = parseInput(federationDomainPolicySchema, input);
    return this.federation.setDomainPolicy(host, policy);
  }

  removeDomainPolicy(actor: AuthUser, input: unknown): Promise<FederationAdminAnswer> {
    this.auth.requireAdmin(actor);
    return this.federation.removeDomainPolicy(parseInput(federationHostSchema, input).host);
  }

  retryDelivery(actor: AuthUser, input: unknown): Promise<FederationAdminAnswer> {
    this.auth.requireAdmin(actor);
    return this.federation.retryDelivery(parseInput(federationDeliverySchema, input).id);
  }

  dropDelivery(actor: AuthUser, input: unknown): Promise<FederationAdminAnswer> {
    this.auth.requireAdmin(actor);
    return this.federation.dropDelivery(parseInput(federationDeliverySchema, input).id);
  }
}
