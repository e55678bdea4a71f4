#!/bin/sh
echo __APP_NAME__
