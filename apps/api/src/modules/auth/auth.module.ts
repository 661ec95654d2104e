import { Global, Module } from '@nestjs/common';
import { AccountHousekeeping } from './account-housekeeping';
import { AuthController } from './auth.controller';
import { AuthGuard, SignedInGuard } from './auth.guard';
import { AuthService } from './auth.service';
import { TokenService } from './token.service';

@Global()
@Module({
  controllers: [AuthController],
  providers: [AuthService, TokenService, AuthGuard, SignedInGuard, AccountHousekeeping],
  exports: [AuthService, TokenService, AuthGuard, SignedInGuard],
})
export class AuthModule {}
