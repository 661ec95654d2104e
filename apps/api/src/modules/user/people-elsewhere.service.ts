import { Injectable } from '@nestjs/common';
import { USER_MESSAGES, type PeopleElsewhereView, type PersonElsewhereView } from '@siplog/contracts';
import { AppError } from '../../common/app-error';
import type { AuthUser } from '../../common/auth-user';
import { BlockService } from '../block/block.service';
import { remoteAvatarUrl } from '../media/remote-avatar-url';
import { PeopleElsewhereRepository, type PersonElsewhereRow } from './people-elsewhere.repository';
import { UserRepository } from './user.repository';

const toView = (row: PersonElsewhereRow): PersonElsewhereView => ({ handle: row.handle, server: row.host, url: row.profileUrl, avatar: remoteAvatarUrl(row.avatarFile) });

/**
 * A person's followers and following on other servers (issue 30), for their follow lists. Kept apart from the
 * profile, which the public cache keeps: these change with what other servers send, and are read only when a list opens.
 */
@Injectable()
export class PeopleElsewhereService {
  constructor(
    private readonly users: UserRepository,
    private readonly repository: PeopleElsewhereRepository,
    private readonly blocks: BlockService,
  ) {}

  /** As the profile: an active person not hidden from the viewer by a block, else 404. */
  async of(username: string, viewer: AuthUser | null = null): Promise<PeopleElsewhereView> {
    const hidden = await this.blocks.hiddenFor(viewer);
    const user = await this.users.findActiveUserByUsername(username);
    if (!user || hidden.includes(user.id)) throw new AppError('NOT_FOUND', USER_MESSAGES.notFound);
    const [followers, following] = await Promise.all([this.repository.followersOf(user.id), this.repository.followingOf(user.id)]);
    return { followers: followers.map(toView), following: following.map(toView) };
  }
}
