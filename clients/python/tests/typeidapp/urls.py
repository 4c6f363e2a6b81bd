from django.http import JsonResponse
from django.shortcuts import get_object_or_404
from django.urls import path, register_converter

from uidext.django import TypeIDConverter

from .models import Post

register_converter(TypeIDConverter.for_prefix("post"), "post_id")


def post_view(request, pk):
    post = get_object_or_404(Post, pk=pk)
    return JsonResponse({"id": str(post.pk), "author": str(post.author_id), "type": type(pk).__name__})


urlpatterns = [
    path("posts/<typeid:pk>/", post_view, name="post"),
    path("p/<post_id:pk>/", post_view, name="post-strict"),
]
