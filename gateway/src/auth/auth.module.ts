import { Module } from '@nestjs/common';
import { JwtModule } from '@nestjs/jwt';
import { PassportModule } from '@nestjs/passport';
import { AuthController } from './auth.controller';
import { AccessGuard, JwtAuthGuard } from './authenticated.decorator';
import { JwtStrategy } from './jwt.strategy';
import { SessionCache } from './session-cache';
import { TokenService } from './token.service';

@Module({
  imports: [PassportModule, JwtModule.register({})],
  controllers: [AuthController],
  providers: [SessionCache, JwtStrategy, TokenService, JwtAuthGuard, AccessGuard],
  exports: [JwtAuthGuard, AccessGuard],
})
export class AuthModule {}
