import { Global, Module } from '@nestjs/common';
import { PlaceModule } from '../place/place.module';
import { AccountHousekeeping } from './account-housekeeping.service';
import { AuthController } from './auth.controller';
import { AuthGuard, SignedInGuard } from './auth.guard';
import { AuthRepository } from './auth.repository';
import { AuthService } from './auth.service';
import { TokenRepository } from './token.repository';
import { TokenService } from './token.service';

@Global()
@Module({
  // PlaceAmenitiesService: a person leaving or coming back moves the verdicts of the places they answered about.
  imports: [PlaceModule],
  controllers: [AuthController],
  providers: [AuthRepository, AuthService, TokenRepository, TokenService, AuthGuard, SignedInGuard, AccountHousekeeping],
  exports: [AuthService, TokenService, AuthGuard, SignedInGuard],
})
export class AuthModule {}
