"""Models of the Django TypeID tests: per-prefix TypeID keys referenced by TypeID foreign keys."""
from django.db import models

from uidext.django import TypeIDAutoField, TypeIDField


class Author(models.Model):
    id = TypeIDAutoField(primary_key=True, type_name="author_id")
    name = models.CharField(max_length=50)


class Post(models.Model):  # Django's own cascade
    id = TypeIDAutoField(primary_key=True, prefix="post")
    author = models.ForeignKey(Author, on_delete=models.CASCADE, related_name="posts")
    subject = TypeIDField(type_name="typeid", null=True, blank=True)  # any prefix
    n = models.IntegerField(default=0)


class Comment(models.Model):  # ON DELETE CASCADE in the database (table made by RunSQL)
    id = TypeIDAutoField(primary_key=True, type_name="comment_id")
    post = models.ForeignKey(Post, on_delete=models.DO_NOTHING, related_name="comments")
    n = models.IntegerField(default=0)

    class Meta:
        managed = False
        db_table = "typeid_comments"
