import { Module } from '@nestjs/common';
import { PlaceModule } from '../place/place.module';
import { UserController } from './user.controller';
import { UserService } from './user.service';

@Module({ imports: [PlaceModule], controllers: [UserController], providers: [UserService], exports: [UserService] })
export class UserModule {}
