import helper

helper.echo()
