import { Module } from '@nestjs/common';
import { uploadsToDisk } from '../media/uploads-to-disk';
import { PlaceModule } from '../place/place.module';
import { PostAmenitiesRepository } from './post-amenities.repository';
import { PostAuthoringRepository } from './post-authoring.repository';
import { PostAuthoringService } from './post-authoring.service';
import { PostController } from './post.controller';
import { PostRepository } from './post.repository';
import { PostService } from './post.service';
import { RemoteCommentsRepository } from './remote-comments.repository';
import { RemoteCommentsService } from './remote-comments.service';
import { RemoteReviewsRepository } from './remote-reviews.repository';
import { RemoteReviewsService } from './remote-reviews.service';
import { ReviewEvents } from './review-events';

@Module({
  imports: [PlaceModule, uploadsToDisk],
  controllers: [PostController],
  providers: [PostService, PostAuthoringService, PostRepository, PostAuthoringRepository, PostAmenitiesRepository, ReviewEvents, RemoteCommentsService, RemoteCommentsRepository, RemoteReviewsService, RemoteReviewsRepository],
  exports: [PostService, PostAuthoringService, ReviewEvents, RemoteCommentsService, RemoteReviewsService],
})
export class PostModule {}
